"""Posts from templates: BBCode or Markdown, every player-chosen text escaped, nothing but views in sight.

The Jinja environments are gm/forum/templating.py's and the markup gm/markup.py's; this module decides
what each post sees: the narration the public view and public events, a message one player's view
and their own events, the GM summary everything.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from gm.forum.templating import game_environment, template_errors
from gm.markup import Safe, bbcode_problems, escape_bbcode, escape_markdown  # noqa: F401 (re-exported)

__all__ = ["Safe", "bbcode_problems", "escape_bbcode", "escape_markdown", "event_dicts", "message_filename",
           "render_day", "render_post", "render_posts", "with_parts"]


_TRAILING = re.compile(r"[ \t]+\n")
_BLANKS = re.compile(r"\n{3,}")


def _tidy(text: str) -> str:
    """At most one blank line in a row, and exactly one newline at the end. (Each pattern is
    searched for only where a cheap test says it can be there.)"""
    if " \n" in text or "\t\n" in text:
        text = _TRAILING.sub("\n", text)
    if "\n\n\n" in text:
        text = _BLANKS.sub("\n\n", text)
    return text.strip("\n") + "\n"


def message_filename(name: str, taken: set[str]) -> str:
    """A file name for a player's files (messages/, openings/, receipts/): gm/names.py's file_stem,
    the same whoever else plays. Set-up refuses two names filed alike; should two ever meet here
    anyway, the later gets a suffix drawn from its own name, never a number that depends on the
    order the players came in (which would swap two players' files)."""
    import hashlib

    from gm.names import file_stem

    stem = file_stem(name)
    if stem.casefold() in taken:
        stem = f"{stem}-{hashlib.sha256(name.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"
    taken.add(stem.casefold())
    return stem


_DICT_METHODS = frozenset(dir(dict))


def event_dicts(events) -> list[dict]:
    """Events as template data. A field named like a dict method (`get`, `items`) would be shadowed
    in Jinja's `e.get`, so engines must not use such names."""
    out = []
    for e in events:
        clash = _DICT_METHODS.intersection(e.data)
        if clash:
            raise ValueError(f"event {e.kind!r} uses reserved field name(s) {sorted(clash)}")
        d = dict(e.data, kind=e.kind, step=e.step)
        if e.about:
            d["about"] = list(e.about)
        out.append(d)
    return out


def _events_by_player(events) -> dict[str, list]:
    """Each player's own events, in order: the private ones addressed to them and the public ones
    about them (Event.concerns)."""
    out: dict[str, list] = {}
    for e in events:
        for name in e.concerns():
            out.setdefault(name, []).append(e)
    return out


def render_post(game, name: str, **context) -> str:
    """One post from a template (commit, reveal, vote count), with the game's title and day."""
    return render_posts(game, name, [context])[0]


def render_posts(game, name: str, contexts: list[dict]) -> list[str]:
    """One post from the same template for each context, as `render_post` writes each (the
    environment and the template found once: a day's openings are one post a player)."""
    env = game_environment(game)
    with template_errors(game):
        template = env.get_template(name)
        return [_tidy(template.render(game={"title": game.title, "day": context.get("day"),
                                            "engine": game.engine.facts.title}, **context))
                for context in contexts]


def with_parts(files: dict[str, str], name: str, text: str, game) -> None:
    """`name` holds the whole post; when it is longer than the forum allows, numbered parts to
    paste one after the other go beside it (narration.part1.bbcode, ...)."""
    from gm.forum.profiles import split_post

    files[name] = text
    limit = game.forum.max_length if game.forum is not None else None
    parts = split_post(text, game.format, limit)
    if len(parts) > 1:
        stem, ext = name.rsplit(".", 1)
        for i, part in enumerate(parts, 1):
            files[f"{stem}.part{i}.{ext}"] = part


def render_day(game, rd) -> dict[str, str]:
    """Narration from the public view and public events; each message from that player's view and
    the events addressed to them; the GM summary from everything."""
    with template_errors(game):
        return _render_day(game, rd)


def _rulings(env, base, rulings, audience: str, me: str | None = None, zone=None) -> str:
    """The GM's rulings (gm/rulings.py) as the core words them for every engine: appended to the
    engine's own post, so an engine's templates never meet a `ruling` event. A new deadline (kept in
    UTC) is told in the game's time zone with UTC beside it (`moved`)."""
    if not rulings:
        return ""
    from datetime import datetime

    from gm.moments import told

    moved = {}
    for e in rulings:
        if e.get("ruling") == "deadline" and isinstance(e.get("value"), str):
            try:
                moved[e["value"]] = told(datetime.strptime(e["value"], "%Y-%m-%d %H:%M"), zone)
            except ValueError:
                pass
    return "\n" + env.get_template("rulings.j2").render(game=base, rulings=rulings, audience=audience, me=me, moved=moved)


def _render_day(game, rd) -> dict[str, str]:
    engine = game.engine
    env = game_environment(game)
    ext = game.ext
    base = {"title": game.title, "day": rd.day, "engine": engine.facts.title}
    rulings = [e for e in rd.events if e.kind == "ruling"]
    if rulings:  # only a day with rulings pays for the split
        events = [e for e in rd.events if e.kind != "ruling"]
        rd = replace(rd, events=events)
    public_events = [e for e in rd.events if e.is_public]
    files: dict[str, str] = {}
    places = engine.places(game.rules)
    narrator = _narrator(game, env, rd, "narration", places)
    # the rulings open the post, in the GM's words, before the day's events: every shipped narration
    # tells the `story` right under its heading, so they go first in it (a game's own template that
    # tells no story gets them on top)
    ruled = _rulings(env, base, event_dicts(e for e in rulings if e.is_public), "public", zone=game.zone).strip("\n")
    opening = "\n\n".join(t for t in (ruled, rd.checked.story or "") if t)
    story = Safe(opening) if opening else None
    public = engine.public_view(rd.state, game.rules)
    narration = env.get_template("narration.j2").render(
        game=base, view=public, events=event_dicts(public_events),
        phrase=narrator.phrase, pronouns=narrator.pronouns, story=story, places=places, telling=game.telling)
    if ruled and ruled not in narration:
        narration = ruled + "\n\n" + narration
    with_parts(files, f"narration.{ext}", _tidy(narration), game)
    message = env.get_template("message.j2")
    taken: set[str] = set()
    # a player the GM removed today gets a last message in every engine (TK-17), whoever owed orders
    removed = {e.data.get("player") for e in rulings if e.data.get("ruling") == "kill"}
    names = sorted(set(engine.message_recipients(rd.checked.state, rd.state, rd.checked.orders))
                   | (removed & set(game.roster) if removed else set()))
    own_events = _events_by_player(rd.events)
    public_dicts = event_dicts(public_events)
    missing = set(rd.checked.missing)
    salts = rd.checked.salts
    orders = rd.checked.orders
    views = engine.player_views(rd.state, game.rules, names)
    secrets = {"target_odds": engine.target_odds(game.rules)}  # what the declaration lets a reader see
    # what each player may order tomorrow (Engine.order_form): in message.j2's context as `order_form`,
    # and added after the shipped message (a game's own message.j2 places it where it likes)
    forms = engine.form_in_message and not engine.ended(rd.state)
    form = env.get_template("form.j2") if forms and not (game.templates_dir / "message.j2").is_file() else None
    due_next = set(engine.players_due(rd.state)) if forms else set()
    next_day = dict(base, day=rd.day + 1)
    learned = _learned(game, rd, names, own_events)
    for name in names:
        theirs = [e for e in rulings if name in e.concerns()] if rulings else []
        lines = engine.order_form(rd.state, game.rules, name, views[name]) if name in due_next else []
        text = message.render(game=base, view=views[name], events=event_dicts(own_events.get(name, [])),
                              public_events=public_dicts, no_orders=name in missing, salt=salts.get(name), rolled=len(rd.rolls),
                              order_form=lines, places=places, learned=learned.get(name, []), secrets=secrets,
                              status=engine.public_status(public, name, public_dicts),
                              orders_echo=engine.orders_echo(orders[name], game.rules) if name in orders else None)
        text += _rulings(env, base, event_dicts(theirs), "player", name, game.zone)
        if lines and form is not None:
            text += "\n" + form.render(game=next_day, player=name, lines=lines, deadline=None,
                                        text=engine.form_text(rd.state, game.rules, name, views[name]))
        with_parts(files, f"messages/{message_filename(name, taken)}.{ext}", _tidy(text), game)
    text_env = game_environment(game, "text")
    files["gm-summary.txt"] = _tidy(text_env.get_template("gm-summary.j2").render(
        game=base, view=engine.gm_view(rd.state, game.rules), events=event_dicts(rd.events),
        rolls=[r.record() | {"odds": r.odds} for r in rd.rolls], seed=rd.seed.hex(),
        orders=[engine.orders_record(o) for o in rd.checked.orders.values()], missing=rd.checked.missing,
        warnings=[_in_game(game.root, p) for p in rd.checked.warnings],
        salts=salts, dice_key=(rd.key or rd.seed).hex(),
        votes_file=f"days/{rd.day:02d}/votes.yaml" if rd.checked.votes_file else None)
        + _rulings(text_env, base, [d | {"public": e.is_public} for d, e in zip(event_dicts(rulings), rulings)], "gm", zone=game.zone))
    sealed = engine.sealed(rd.day, rd.rolls)  # the engine's secrets (Engine.secrets): what the GM must hold back
    if sealed and not engine.ended(rd.state):
        files["gm-summary.txt"] += (f"\nDay {rd.day} is sealed: {sealed}. Post no reveal, roll log or openings of it "
                                    "before the game ends (`gm reveal` refuses until then); resolving the last day "
                                    "writes its reveal post.\n")
    return files


def _learned(game, rd, names: list[str], own_events: dict) -> dict[str, list[str]]:
    """What each player learned over the game and still holds (the engine's `player_learned`, as
    `gm status --player` lists it): their earlier days' events and today's, for the "You" section."""
    from gm.learned import message_lines

    if rd.checked.seen_before is None:
        return {}
    before = rd.checked.seen_before()
    engine = game.engine
    kinds = engine.learned_kinds
    out = {}
    for name in names:
        today = [e.record() for e in own_events.get(name, ())
                 if (not kinds or e.kind in kinds) and e.visible_to(name)]
        earlier = before.get(name)
        if not earlier and not today:  # nothing seen that could teach anything
            continue
        lines = engine.player_learned((earlier or []) + [(rd.day, today)], game.rules, name)
        if lines:
            out[name] = message_lines(lines)
    return out


def _narrator(game, env, rd, post: str, places: dict):
    """The phrase picker of one post: the engine's pools (and the game's), the day's key, and the
    sentences earlier days' posts told."""
    from gm.narration import Narrator, framer_of, load_pools

    own = game.templates_dir if game.templates_dir.is_dir() else None
    pools = load_pools(game.engine.facts.name, own)
    return Narrator(pools, env, rd.key or rd.seed, f"{game.engine.facts.name}|{rd.day}|{post}",
                    told=rd.checked.told, pronoun_table=game.pronouns, context={"places": places},
                    framer=framer_of(game))


def _in_game(root: Path, problem) -> str:
    """A diagnostic located relative to the game folder, so outputs do not depend on where gm ran."""
    try:
        rel = Path(problem.where.path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        rel = problem.where.path
    return str(replace(problem, where=replace(problem.where, path=rel)))


