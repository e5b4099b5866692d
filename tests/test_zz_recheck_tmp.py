from gm.storage.gamedir import GameDir
from test_engine_contract import _reopened, played, run  # noqa
from test_posts_rulings import _resolve_with


def test_show(played, tmp_path):
    from gm.pipeline.day import check_day
    root, day = _reopened(played, tmp_path)
    gd = GameDir(root)
    game = gd.load()
    victim = check_day(gd, game, day).due[0]
    result = _resolve_with(root, day, f"- kill: {victim}\n  say: {victim} was removed for inactivity.\n")
    print("=====", played[0], "Day", day, "victim", victim)
    print((result / "narration.bbcode").read_text()[:2500])
    print("----- message")
    print((result / "messages" / f"{victim}.bbcode").read_text()[:1500])
