"""Every scoring system's ledger keeps the Ledger protocol of scoring.base (add, settle, to_dict, is_over), so a
match and `tricks score` can use any of them the same way."""
import importlib
import inspect
import pkgutil

import pytest

import trickcore.scoring
from trickcore.games.registry import get_scoring, scoring_names
from trickcore.scoring.base import Ledger


def _ledgers(name):
    system = get_scoring(name)
    yield system.ledger()
    if name == "bridge-rubber":
        yield system.ledger(players=("A", "B", "C"))     # a session of rubbers at a three-player table


def _keeps_protocol(cls):
    assert issubclass(cls, Ledger), f"{cls.__module__}.{cls.__qualname__} does not implement scoring.base.Ledger"
    for method, arguments in (("add", ["self", "record"]), ("settle", ["self"]), ("to_dict", ["self"])):
        parameters = list(inspect.signature(getattr(cls, method)).parameters)
        assert len(parameters) == len(arguments), f"{cls.__qualname__}.{method}{tuple(parameters)}"
        assert getattr(cls, method) is not getattr(Ledger, method), f"{cls.__qualname__}.{method} is missing"


@pytest.mark.parametrize("name", scoring_names())
def test_registered_ledgers_keep_the_protocol(name):
    for ledger in _ledgers(name):
        _keeps_protocol(type(ledger))
        assert ledger.is_over in (False, True)
        assert isinstance(ledger.to_dict(), dict)


def test_every_ledger_class_of_scoring_keeps_the_protocol():
    found = []
    for module in pkgutil.walk_packages(trickcore.scoring.__path__, "trickcore.scoring."):
        for _, cls in inspect.getmembers(importlib.import_module(module.name), inspect.isclass):
            if cls.__name__.endswith("Ledger") and cls.__module__ == module.name and cls is not Ledger:
                found.append(cls)
                _keeps_protocol(cls)
    assert len(found) >= 8
