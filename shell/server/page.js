// The HTML page the shell's server answers with: the shell's built index.html, with a server
// render of the public page put in (or, when there is none, as it is: rendered in the browser).

/** The id of the JSON block the browser hydrates its query cache from (see public-mfe). */
const QUERY_STATE_ELEMENT_ID = 'vitrine-query-state';

const escapeHtml = (text) =>
  String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** CSS that can sit in a <style> element: nothing in it can close the element. */
const styleText = (css) => css.replace(/<\/style/gi, '<\\/style');

/** JSON that can sit in a <script> element: nothing in it can close the element. */
const scriptJson = (value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * @param {string} template the shell's index.html
 * @param {object} parts
 * @param {string} [parts.title]
 * @param {string} [parts.head] more tags for the head (meta, links, JSON-LD)
 * @param {string} [parts.css] styles for the first paint
 * @param {{href: string, css: string}[]} [parts.styles] stylesheets for the first paint, each
 *   put in the page under the address it would otherwise be loaded from (`data-href`)
 * @param {string} [parts.html] the server-rendered markup of the root element
 * @param {unknown} [parts.state] the query answers the markup was rendered with
 * @param {string} [parts.lang] the page's language
 * @param {boolean} [parts.noindex] keep the page out of search engines
 */
function buildPage(
  template,
  { title, head = '', css = '', styles = [], html = '', state, lang, noindex = false },
) {
  let page = template;
  if (lang) page = page.replace(/<html lang="?[\w-]*"?/, () => `<html lang="${escapeHtml(lang)}"`);
  if (title !== undefined) {
    page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  }
  // React puts the preloads it wants (the largest image) ahead of the markup: they belong
  // in the head, where the browser finds them first.
  const leading = /^(?:<link\b[^>]*>)+/.exec(html);
  if (leading) html = html.slice(leading[0].length);
  const extraHead = [
    noindex ? '<meta name="robots" content="noindex" />' : '',
    head,
    leading ? leading[0] : '',
    css ? `<style data-ssr-styles>${styleText(css)}</style>` : '',
    ...styles.map(
      (sheet) => `<style data-href="${escapeHtml(sheet.href)}">${styleText(sheet.css)}</style>`,
    ),
  ].join('');
  page = page.replace('</head>', () => `${extraHead}</head>`);
  if (html) {
    const data =
      state === undefined
        ? ''
        : `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${scriptJson(state)}</script>`;
    page = page.replace(/<div id="?root"?><\/div>/, () => `<div id="root">${html}</div>${data}`);
  }
  return page;
}

module.exports = { buildPage, escapeHtml };
