"""The forum (docs/forums.md, docs/templates.md): posts rendered from views, forum profiles
and splitting, threads and vote counts, the HTML preview."""
