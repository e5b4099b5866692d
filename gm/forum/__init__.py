"""The forum (docs/forums.md, docs/templates.md): posts rendered from views, forum profiles and
splitting, threads, and the machine lines every fairness post carries (which a forum's shortest
post must leave room for). What reads a game folder (the preview, the vote count, posts made
again) is the GM's day, in gm/gmday/."""
