/**
 * The help page: only the theme and the cell size the other pages share.
 */
import { initPage } from "./pages.js";

initPage();
