"""Layers: the engine, the bots and the table never import pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parent.parent / "game"
HEADLESS = ("table", "engine", "ai")


def _imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", HEADLESS)
def test_no_headless_module_mentions_pygame(package: str) -> None:
    modules = sorted((GAME / package).rglob("*.py"))
    assert modules
    offenders = [p.name for p in modules if any(n.split(".")[0] == "pygame" for n in _imported(p))]
    assert offenders == []


def test_importing_the_headless_packages_loads_no_pygame() -> None:
    """Nor through anything they import (game.table reads saves, stats and replays)."""
    code = (
        "import sys, game.table, game.table.record, game.table.saved_game, game.ai; "
        "assert 'pygame' not in sys.modules, 'pygame was imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


ENGINE_STATE = {"Round", "Match", "MatchContext", "round_from_view"}
ROUND_READS = {"round", "match", "legal_actions", "round_logs"}


def _reads_of_rounds(path: Path) -> list[str]:
    """Where a module imports the engine's match or round, or reaches into one."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.engine"):
            if node.module in ("game.engine.round", "game.engine.match"):
                found.append(f"{path.name}:{node.lineno} imports {node.module}")
            found += [
                f"{path.name}:{node.lineno} imports {a.name}"
                for a in node.names
                if a.name in ENGINE_STATE
            ]
        elif isinstance(node, ast.Attribute) and node.attr in ROUND_READS:
            found.append(f"{path.name}:{node.lineno} reads .{node.attr}")
    return found


def test_the_ui_reads_rounds_only_through_the_tables_updates() -> None:
    modules = sorted((GAME / "ui").rglob("*.py"))
    assert any(p.name == "table.py" for p in modules)
    assert [found for p in modules for found in _reads_of_rounds(p)] == []


def test_the_check_finds_a_scene_reaching_into_the_round(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text(
        "from game.engine import Round\n"
        "def phase(scene):\n"
        "    return scene.table.match.round.phase\n",
        encoding="utf-8",
    )
    assert len(_reads_of_rounds(sneaky)) == 3


def test_importing_the_table_loads_no_theme_pack_code_nor_settings() -> None:
    """A server or a bot client runs tables without the screens' packs and settings."""
    code = (
        "import sys, game.table; "
        "loaded = [m for m in sys.modules "
        "if m.startswith(('game.themes', 'game.files.settings'))]; "
        "assert not loaded, loaded"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_shared_limits_import_only_the_standard_library() -> None:
    """The engine imports game.limits, so it must stay as pure as the engine."""
    names = _imported(GAME / "limits.py") - {"__future__"}
    assert names and all(n.split(".")[0] in sys.stdlib_module_names for n in names)


# Plain values a Table keeps up to date and anyone may read (its methods change them).
TABLE_READABLE = {"token", "clock", "setup", "round_number"}


def _table_reads(path: Path) -> list[tuple[int, str]]:
    """Names read on a table (`table.x`, `self.table.x`) in a module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        named = isinstance(owner, ast.Name) and owner.id == "table"
        if named or (isinstance(owner, ast.Attribute) and owner.attr == "table"):
            found.append((node.lineno, node.attr))
    return found


def test_the_network_uses_only_the_tables_public_methods() -> None:
    from game.table import Table

    public = {n for n, v in vars(Table).items() if not n.startswith("_") and callable(v)}
    public |= {n for n, v in vars(Table).items() if isinstance(v, property)}
    modules = sorted((GAME / "online").rglob("*.py"))
    reads = [(p.name, line, name) for p in modules for line, name in _table_reads(p)]
    assert reads, "the check found no use of a table in game/online"
    assert [r for r in reads if r[2] not in public | TABLE_READABLE] == []


def test_the_table_check_finds_a_reach_into_the_match(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("def legal(self, seat):\n    return self.table.match.round\n")
    assert _table_reads(sneaky) == [(2, "match")]


SCENES = GAME / "ui" / "scenes"


def _defines_a_scene(path: Path) -> bool:
    """A module with a class built on a scene (`Scene`, `FormScene`, `TableScene`...)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            bases = [
                b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases
            ]
            if any(base.endswith("Scene") for base in bases):
                return True
    return False


def _runtime_imports(path: Path) -> set[str]:
    """Modules imported when the module runs (not those only a type checker reads)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    names = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def _only_extends(path: Path, module: str) -> bool:
    """Whether every name `path` imports from `module` is used only as a class's base
    (the online table is the table scene and more: it extends it, never opens it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == module
        for alias in node.names
    }
    bases = [
        base
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for base in node.bases
        if isinstance(base, ast.Name) and base.id in names
    ]
    used = [n for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id in names]
    return bool(bases) and len(used) == len(bases)


def _scene_imports(folder: Path) -> list[str]:
    scenes = {f"game.ui.scenes.{p.stem}" for p in folder.glob("*.py") if _defines_a_scene(p)}
    return [
        f"{p.name} imports {name}"
        for p in sorted(folder.glob("*.py"))
        for name in sorted(_runtime_imports(p) & scenes)
        if name != f"game.ui.scenes.{p.stem}" and not _only_extends(p, name)
    ]


def test_no_scene_module_imports_another_scene() -> None:
    """Scenes open each other by name through the host (game/ui/scene_registry.py);
    a scene may extend another (the online table is a table scene)."""
    assert len([p for p in SCENES.glob("*.py") if _defines_a_scene(p)]) >= 10
    assert _scene_imports(SCENES) == []


def test_the_online_scenes_are_scenes_in_the_scenes_folder() -> None:
    ui = sorted(p.name for p in (GAME / "ui").glob("*.py") if _defines_a_scene(p))
    assert ui == ["form_scene.py"]  # the form every menu scene is built on
    online = {"online.py", "online_table.py", "online_pause.py", "rematch.py", "public_tables.py"}
    assert online <= {p.name for p in SCENES.glob("*.py") if _defines_a_scene(p)}


def test_the_scene_check_lets_a_scene_extend_another_but_not_open_it(tmp_path: Path) -> None:
    (tmp_path / "pause.py").write_text("class PauseScene(Scene):\n    pass\n")
    (tmp_path / "quiet.py").write_text(
        "from game.ui.scenes.pause import PauseScene\nclass QuietScene(PauseScene):\n    pass\n"
    )
    assert _scene_imports(tmp_path) == []
    (tmp_path / "loud.py").write_text(
        "from game.ui.scenes.pause import PauseScene\n"
        "class LoudScene(PauseScene):\n    def more(self):\n        return PauseScene(self)\n"
    )
    assert _scene_imports(tmp_path) == ["loud.py imports game.ui.scenes.pause"]


def test_the_scene_check_finds_a_scene_importing_another(tmp_path: Path) -> None:
    (tmp_path / "menu.py").write_text("class MenuScene(Scene):\n    pass\n")
    (tmp_path / "pause.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from game.ui.scenes.menu import MenuScene\n"
        "class PauseScene(Scene):\n"
        "    def leave(self):\n        from game.ui.scenes.menu import MenuScene\n"
    )
    assert _scene_imports(tmp_path) == ["pause.py imports game.ui.scenes.menu"]


def test_every_scene_in_the_registry_opens() -> None:
    from game.ui.scene import Scene
    from game.ui.scene_registry import SCENES as REGISTERED

    for name, find in REGISTERED.items():
        assert issubclass(find(), Scene), name


ONLINE = GAME / "online"


def _online_imports(part: str) -> dict[str, set[str]]:
    """Each module of game/online/<part> and the game.online parts it imports."""
    found = {}
    for path in sorted((ONLINE / part).rglob("*.py")):
        names = {n for n in _imported(path) if n.startswith("game.online.")}
        found[path.name] = {n.split(".")[2] for n in names}
    return found


def test_the_protocol_imports_neither_side() -> None:
    imports = _online_imports("protocol")
    assert len(imports) >= 8
    assert {m: sides for m, sides in imports.items() if sides & {"server", "client"}} == {}


def test_the_client_imports_the_server_only_to_host() -> None:
    imports = _online_imports("client")
    hosting = {m for m, sides in imports.items() if "server" in sides}
    assert hosting == {"hosting.py"}


def test_the_server_never_imports_the_client() -> None:
    imports = _online_imports("server")
    assert {m: sides for m, sides in imports.items() if "client" in sides} == {}


def test_importing_the_client_loads_no_server() -> None:
    """A player who joins a table runs no server code (a host imports it when hosting)."""
    code = (
        "import sys, game.online.client.remote_table, game.online.client.connection; "
        "loaded = [m for m in sys.modules if m.startswith('game.online.server')]; "
        "assert not loaded, loaded"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_protocol_document_names_every_message() -> None:
    from game.online.protocol import checks
    from game.online.protocol.server_messages import KINDS

    text = (GAME.parent / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    kinds = set(checks.SCHEMAS) | set(KINDS)
    assert len(kinds) > 30
    assert sorted(k for k in kinds if f'"type": "{k}"' not in text) == []


# -- the messages: one shape each way, read back as written ------------------------


def test_every_server_message_reads_back_as_itself() -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from game.online.protocol.server_codec import TableMemory, decode, encode
    from tests.online import message_strategies as ms

    @st.composite
    def a_message(draw: st.DrawFn) -> tuple[object, object]:
        at = draw(ms.tables())
        kind = draw(st.sampled_from(ms.SERVER_KINDS))
        return draw(ms.joined(at)), draw(ms.strategy_for(kind, at))

    @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
    @given(a_message())
    def round_trip(drawn: tuple[object, object]) -> None:
        joined, message = drawn
        memory = TableMemory.of(decode(encode(joined), None))  # type: ignore[arg-type]
        assert decode(encode(message), memory) == message  # type: ignore[arg-type]

    round_trip()


def test_every_update_of_a_round_reads_back_as_itself() -> None:
    """A seat's updates in order, each with or without the round's history: what the
    client rebuilds is what the server's table made."""
    import random

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from game.engine import RuleSet
    from game.online.protocol.server_codec import TableMemory, decode, encode
    from game.online.protocol.server_messages import Joined, Update
    from tests.online import message_strategies as ms

    @settings(max_examples=8, deadline=None)
    @given(st.sampled_from(ms.THEMES), st.integers(2, 6), st.integers(0, 10_000))
    def round_trip(theme: str, players: int, seed: int) -> None:
        seat, rng = seed % players, random.Random(seed)
        names = tuple(f"P{i}" for i in range(players))
        rules = RuleSet.preset(theme)
        joined = Joined("K7QX2M", seat, "t" * 16, theme, rules, 500, "standard", 30, 0.5, names)
        memory = TableMemory.of(joined)
        sent = ms.updates(theme, players, seed, seat)
        assert len(sent) > 3
        for number, update in enumerate(sent):
            message = Update(update, full=number == 0 or rng.random() < 0.2)
            assert decode(encode(message), memory) == message

    round_trip()


def _type_dicts(path: Path) -> list[int]:
    """Lines of `path` with a dict literal that has a "type" key: a message built by hand."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Dict)
        and any(isinstance(k, ast.Constant) and k.value == "type" for k in node.keys)
    ]


def test_no_message_is_built_as_a_dict_outside_the_protocol() -> None:
    """Both sides build the dataclasses; only the protocol's codecs write JSON."""
    protocol = ONLINE / "protocol"
    found = {
        f"{path.relative_to(GAME)}:{line}"
        for path in sorted(GAME.rglob("*.py"))
        if protocol not in path.parents
        for line in _type_dicts(path)
    }
    assert found == set()
    assert _type_dicts(protocol / "server_codec.py")  # the check sees one where there is one


def _takes(path: Path, names: set[str]) -> list[str]:
    """Functions of `path` with a parameter annotated as one of `names`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = node.args
            for arg in arguments.posonlyargs + arguments.args + arguments.kwonlyargs:
                annotation = arg.annotation or ast.Constant(None)
                words = {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)}
                if words & names:
                    found.append(f"{path.stem}.{node.name}")
    return found


def test_no_function_takes_a_room_or_a_remote_table() -> None:
    """A room is one object that owns its fields; a remote table the client's one
    link. Functions elsewhere that take either whole grow the circle around it."""
    found = {
        f for path in sorted(ONLINE.rglob("*.py")) for f in _takes(path, {"Room", "RemoteTable"})
    }
    assert found == set()


def test_the_check_finds_a_function_taking_a_room(tmp_path: Path) -> None:
    path = tmp_path / "seating.py"
    path.write_text(
        "def sit(room: Room, seat: int) -> None: ...\nasync def f(r: list[Room]): ...\n"
    )
    assert _takes(path, {"Room"}) == ["seating.sit", "seating.f"]


def test_the_online_code_keeps_its_shape() -> None:
    """benchmarks/online_shape.py's figures: what the type checker cannot follow,
    and the largest class (one object doing several jobs)."""
    sys.path.insert(0, str(GAME.parent / "benchmarks"))
    try:
        import online_shape as shape
    finally:
        sys.path.pop(0)
    assert shape.untyped_lines() <= shape.MOST_UNTYPED
    classes = shape.classes()
    assert len(classes) > 50  # the check reads the classes
    over = {
        c.where: (c.attributes, c.lines)
        for c in classes
        if c.attributes > shape.MOST_ATTRIBUTES or c.lines > shape.MOST_LINES
    }
    assert over == {}, over


def test_every_client_message_reads_back_as_itself() -> None:
    import typing

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from game.online.protocol import client_messages as cm
    from tests.online import message_strategies as ms

    kinds = typing.get_args(cm.ClientMessage)
    assert len(kinds) >= 17

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(kinds).flatmap(ms.client_strategy))
    def round_trip(message: cm.ClientMessage) -> None:
        assert cm.decode(cm.encode(message)) == message

    round_trip()
