// Fluent messages rendered in the browser, from the catalog the server compiles out of the
// locale's .ftl files (web/src/l10n_script.rs: GET /static/messages/<code>.json). A pattern is a
// list of parts: text, {v: name} (an argument) and {s: name, k: keys, p: patterns, d: default}
// (a choice by an argument). A number chooses a variant by its exact value, then by its plural
// category in the catalog's language (Intl.PluralRules: Russian and Czech have four), as Fluent
// does; a string chooses the variant of the same key. A test renders every message here and with
// Fluent itself and holds the two equal. Nothing here touches the page: it runs in Node too.

/**
 * A catalog ready to render: the server's JSON and the plural rules of its language.
 * @param {{locale: string, messages: Object<string, Array>}} json
 */
export function catalog(json) {
  return { locale: json.locale, messages: json.messages, plural: new Intl.PluralRules(json.locale) };
}

/**
 * Message `id`'s parts: strings, and each argument's value where the message shows it (a number
 * as text; any other value as it was given, so a caller can draw a card or a seat itself).
 * An unknown id is shown as itself.
 */
export function parts(cat, id, args) {
  const pattern = cat.messages[id];
  if (!pattern) return [id];
  const out = [];
  render(cat, pattern, args || {}, out);
  return out;
}

/** Message `id` as text: its parts joined, an object argument by its `text`. */
export function format(cat, id, args) {
  return parts(cat, id, args).map((p) => (typeof p === "string" ? p : String(p.text))).join("");
}

function render(cat, pattern, args, out) {
  for (const part of pattern) {
    if (typeof part === "string") {
      append(out, part);
    } else if ("v" in part) {
      const value = args[part.v];
      if (value === undefined || value === null) append(out, "{$" + part.v + "}");
      else if (typeof value === "number" || typeof value === "string") append(out, String(value));
      else out.push(value);
    } else {
      render(cat, part.p[choose(cat, part, args[part.s])], args, out);
    }
  }
}

/** The index of the variant `value` chooses in select `part`. */
function choose(cat, part, value) {
  if (typeof value === "number") {
    const exact = part.k.indexOf(String(value));
    if (exact >= 0) return exact;
    const category = part.k.indexOf(cat.plural.select(value));
    if (category >= 0) return category;
  } else if (typeof value === "string") {
    const key = part.k.indexOf(value);
    if (key >= 0) return key;
  }
  return part.d;
}

function append(out, text) {
  if (typeof out[out.length - 1] === "string") out[out.length - 1] += text;
  else out.push(text);
}
