/**
 * Game records in links (the statistics page's replay links, the review page's
 * ``#replay=`` address).
 */

/**
 * A record packed for a link: its JSON deflated (the browser's CompressionStream) and
 * written in base64url, so an expert game's replay fits in a few kilobytes of address.
 */
export async function packRecord(record) {
  const stream = new Blob([JSON.stringify(record)]).stream()
    .pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export async function unpackRecord(packed) {
  const text = atob(packed.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return JSON.parse(await new Response(stream).text());
}
