// Parses a batch of Discord messages with both npm Discord parsers, in one process, for
// tests/test_parse_matrix.py. Reads a JSON array of strings on stdin; writes a JSON array with,
// for each message and each parser, what the test checks:
//   code:  the content of each code block
//   prose: the text outside code, as read (a character a backslash escaped is shown as \u0000,
//          so a leftover `||` or ``` in prose is markup the parser did not close)
//   marks: [type, text] of every node that is markup (emphasis, inline code, spoiler, mention...)
// The parsers are the packages' own rules; the only change is that an escaped character's node
// is labelled "escaped" instead of "text", so the test can tell `\|\|` from a spoiler left open.
"use strict";
const dmp = require("discord-markdown-parser");
const dm = require("discord-markdown");

function labelled(engine, rules) {
  const escape = Object.assign({}, rules.escape, { parse: (capture) => ({ type: "escaped", content: capture[1] }) });
  return engine.parserFor(Object.assign({}, rules, { escape }));
}

const PARSERS = {
  "discord-markdown-parser": (text) => labelled(dmp.SimpleMarkdown, dmp.rules)(text, { inline: true }),
  "discord-markdown": (text) => labelled(dm.markdownEngine, dm.rules)(text, { inline: true }),
};
const MARKUP = new Set(["em", "strong", "underline", "u", "strikethrough", "del", "inlineCode", "spoiler",
  "everyone", "here", "user", "role", "channel", "discordEveryone", "discordHere", "discordUser", "discordRole",
  "discordChannel", "heading", "subtext", "link", "url", "autolink", "blockQuote"]);

function flat(nodes) {
  if (typeof nodes === "string") return nodes;
  if (!Array.isArray(nodes)) nodes = nodes && nodes.content !== undefined ? [nodes] : [];
  return nodes.map((n) => (typeof n === "string" ? n : n.type === "br" || n.type === "newline" ? "\n" : flat(n.content === undefined ? "" : n.content))).join("");
}

function summary(nodes) {
  const out = { code: [], prose: "", marks: [] };
  const walk = (list) => {
    for (const n of list) {
      if (typeof n === "string") { out.prose += n; continue; }
      if (n.type === "codeBlock") { out.code.push(String(n.content)); continue; }
      if (n.type === "escaped") { out.prose += "\u0000"; continue; }
      if (n.type === "br" || n.type === "newline") { out.prose += "\n"; continue; }
      if (MARKUP.has(n.type)) out.marks.push([n.type, flat(n.content === undefined ? "" : n.content)]);
      if (n.type === "inlineCode") continue;
      if (Array.isArray(n.content)) walk(n.content);
      else if (typeof n.content === "string") out.prose += n.content;
    }
  };
  walk(nodes);
  return out;
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const units = JSON.parse(input);
  const results = units.map((text) => {
    const one = {};
    for (const [name, parse] of Object.entries(PARSERS)) one[name] = summary(parse(text));
    return one;
  });
  process.stdout.write(JSON.stringify(results));
});
