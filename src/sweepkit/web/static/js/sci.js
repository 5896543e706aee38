/**
 * Whole numbers too long to read: a decimal string shown in scientific form
 * ("1.23 × 10^45"), the exact digits kept for whoever asks for them.
 */

/** Up to this many digits a number is shown as it is. */
export const PLAIN_DIGITS = 12;

/**
 * The scientific form of a whole number given as a decimal string: {mantissa, exponent},
 * rounded half up to `significant` digits ("123456" -> {mantissa: "1.23", exponent: 5});
 * null for a number short enough to show as it is.
 */
export function scientific(digits, significant = 3) {
  const s = String(digits).replace(/^0+(?=\d)/, "");
  if (!/^\d+$/.test(s)) throw new Error(`${JSON.stringify(digits)} is not a whole number`);
  if (s.length <= PLAIN_DIGITS) return null;
  let head = BigInt(s.slice(0, significant));
  let exponent = s.length - 1;
  if (s[significant] >= "5") head += 1n;
  let text = head.toString();
  if (text.length > significant) { // 9.99... rounded up to 10.0
    text = text.slice(0, significant);
    exponent += 1;
  }
  return { mantissa: `${text[0]}.${text.slice(1)}`, exponent };
}

/** A decimal string with a thin space between groups of three digits. */
export const grouped = (digits) => String(digits).replace(/\B(?=(\d{3})+(?!\d))/g, "\u2009");

/**
 * Show a count in `out`: as it is when short, else "m × 10<sup>e</sup>" (named in words for
 * screen readers); `exact` (a <details>) holds the exact digits then, and is hidden when
 * the number is shown whole.
 */
export function showCount(out, exact, digits) {
  const sci = scientific(digits);
  out.replaceChildren();
  if (!sci) {
    out.textContent = digits;
    out.removeAttribute("aria-label");
    exact.hidden = true;
    return;
  }
  const sup = document.createElement("sup");
  sup.textContent = String(sci.exponent);
  out.append(`${sci.mantissa} × 10`, sup);
  out.setAttribute("aria-label", `about ${sci.mantissa} times 10 to the power ${sci.exponent}`);
  exact.hidden = false;
  exact.open = false;
  exact.querySelector("summary").textContent = `The exact number (${digits.length} digits)`;
  exact.querySelector(".digits").textContent = grouped(digits);
}
