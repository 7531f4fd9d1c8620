"""The import graph between the games and the scoring systems: a game reaches scoring only through
``trickcore.scoring.base`` (its systems through the registry), scoring may import a game's vocabulary, and no
import cycle joins the two packages. Every import counts, those inside functions too."""
import ast
import pathlib

import trickcore.games
import trickcore.scoring

PACKAGES = {"trickcore.games": trickcore.games, "trickcore.scoring": trickcore.scoring}
GAMES_MAY_IMPORT = ("trickcore.scoring", "trickcore.scoring.base")


def _modules():
    """{module name: source path} of every module of the two packages."""
    found = {}
    for name, package in PACKAGES.items():
        root = pathlib.Path(package.__path__[0])
        for path in sorted(root.rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            parts = parts[:-1] if parts[-1] == "__init__" else parts
            found[".".join((name, *parts))] = path
    return found


def _imports(module, path):
    """The absolute names ``module`` imports, at any depth of its code."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def _node(module):
    """The part of the tree a module belongs to: its game's sub-package (trickcore.scoring.bridge), or itself
    for a module at the top of a package (trickcore.games.base)."""
    for name in PACKAGES:
        if module == name or module.startswith(name + "."):
            rest = module[len(name) + 1:].split(".") if module != name else []
            return ".".join((name, *rest[:1]))
    return None


def _graph():
    modules = _modules()
    edges = {}
    for module, path in modules.items():
        for name in _imports(module, path):
            if name in modules:
                edges.setdefault(module, set()).add(name)
    return modules, edges


def test_games_reach_scoring_only_through_its_base():
    modules, edges = _graph()
    wrong = sorted(f"{source} -> {target}" for source, targets in edges.items() if source.startswith("trickcore.games")
                   for target in targets
                   if target.startswith("trickcore.scoring") and target not in GAMES_MAY_IMPORT)
    assert not wrong, "a game imports a scoring system's modules (use the registry):\n" + "\n".join(wrong)


def _cycles(edges):
    """The strongly connected components (more than one node) of a graph {node: set of nodes} (Tarjan)."""
    index, low, stack, on_stack, components = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                components.append(component)

    for node in list(edges):
        if node not in index:
            visit(node)
    return components


def test_no_import_cycle_between_games_and_scoring():
    _, edges = _graph()
    parts = {}
    for source, targets in edges.items():
        for target in targets:
            if _node(source) != _node(target):
                parts.setdefault(_node(source), set()).add(_node(target))
    mixed = [sorted(component) for component in _cycles(parts)
             if {node.split(".")[1] for node in component} == {"games", "scoring"}]
    assert not mixed, f"import cycles between games and scoring: {mixed}"


def test_the_graph_sees_function_level_imports(tmp_path):
    source = tmp_path / "late.py"
    source.write_text("def f():\n    from trickcore.scoring.bridge import contract\n    from . import vocab\n")
    assert {"trickcore.scoring.bridge", "trickcore.scoring.bridge.contract", "trickcore.games.bridge.vocab"} <= \
        _imports("trickcore.games.bridge.late", source)
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [{"a", "b"}]
