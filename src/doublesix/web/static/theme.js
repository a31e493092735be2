// @ts-check
/**
 * The look, before the first paint: a classic script loaded in <head> before the style sheet
 * (the server's Content-Security-Policy allows no inline script), so the page is drawn in the
 * chosen theme from its first frame. It reads the preferences this browser keeps
 * (`doublesix.preferences`: theme, felt, tiles; see look.js) and sets on <html>:
 *
 *   data-theme   light, dark or contrast: the one chosen, or the system's when the choice is
 *                "system" (or none): forced colours or more contrast asked for give contrast,
 *                a dark colour scheme gives dark, else light
 *   data-felt    green, blue, red or grey
 *   data-tiles   pips, numerals or colours
 *
 * and the <meta name="color-scheme"> to the theme's (so the browser's own parts, scroll bars
 * and form controls, match), and the <meta name="theme-color"> to the theme's paper (the
 * status bar and the installed app's title bar take the page's colour; the manifest's
 * theme_color is the light theme's, the page's own until this runs). It follows the system as its settings change, and the page asks
 * it to look again (the event "doublesix:look", which look.js sends) after a choice.
 */
(() => {
  const KEY = "doublesix.preferences";
  const THEMES = ["light", "dark", "contrast"];
  const FELTS = ["green", "blue", "red", "grey"];
  const TILES = ["pips", "numerals", "colours"];
  /** Each theme's paper (styles.css, --paper): the status bar's colour. */
  const PAPER = { light: "#f6f3ea", dark: "#151614", contrast: "#ffffff" };
  const contrast = matchMedia("(forced-colors: active), (prefers-contrast: more)");
  const dark = matchMedia("(prefers-color-scheme: dark)");

  /** @returns {Record<string, unknown>} */
  function saved() {
    try {
      const value = JSON.parse(localStorage.getItem(KEY) || "null");
      return value && typeof value === "object" ? value : {};
    } catch {
      return {};
    }
  }

  /** @param {unknown} value @param {string[]} known @returns {string} */
  const one = (value, known) => (typeof value === "string" && known.includes(value) ? value : known[0]);

  function look() {
    const chosen = saved();
    const root = document.documentElement;
    const theme = THEMES.includes(String(chosen.theme)) ? String(chosen.theme)
      : contrast.matches ? "contrast" : dark.matches ? "dark" : "light";
    root.dataset.theme = theme;
    root.dataset.felt = one(chosen.felt, FELTS);
    root.dataset.tiles = one(chosen.tiles, TILES);
    const scheme = document.querySelector('meta[name="color-scheme"]');
    if (scheme) scheme.setAttribute("content", theme === "dark" ? "dark" : "light");
    const bar = document.querySelector('meta[name="theme-color"]');
    if (bar) bar.setAttribute("content", PAPER[/** @type {"light"|"dark"|"contrast"} */ (theme)]);
  }

  look();
  contrast.addEventListener("change", look);
  dark.addEventListener("change", look);
  document.addEventListener("doublesix:look", look);
  // Another tab of this page chose: this one follows.
  addEventListener("storage", (event) => { if (event.key === KEY) look(); });
})();
