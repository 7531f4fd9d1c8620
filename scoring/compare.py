"""One set of result records scored under several scoring systems of the same game, with statistics: what each
participant (side or player) gets per match under each system, how often the systems rank the participants
differently, how closely their outcomes agree, and which kinds of deal make them differ.

The records are cut into matches of ``per`` records (all of them by default); within a match each system
scores the records in order, starting a new ledger whenever one ends (a rubber, a Chicago, a pool), and a
participant's result for the match is the sum over those ledgers.

Deals played by a field of tables (scoring.base.FieldDeal) go whole to a system that scores a field
(matchpoints, IMPs against a datum); any other system scores each table's deals on their own, and its
participants are named with their table ("NS 2": N-S at the second table), as the field systems name them.
"""
import csv
import io
import itertools
import math

import attrs

from trickcore.errors import InputError, SettingsError, TrickcoreError
from trickcore.games.registry import get_game, get_scoring
from trickcore.names import text_list
from trickcore.scoring.base import FieldDeal, parse_assignments
from trickcore.statistics import correlation, mean_interval


@attrs.frozen
class Entrant:
    """One system under comparison: its label (as the user wrote it), the system, its ``--set`` overrides and
    the settings they give (read once, when the entrant is made: a bad override is an error before any scoring)."""

    label: str
    system: object
    overrides: tuple = ()
    settings: object = attrs.field(init=False, eq=False, repr=False)

    @settings.default
    def _settings(self):
        return self.system.settings(None, self.overrides)


def parse_entrant(spec):
    """An Entrant from ``NAME [KEY=VALUE ...]``: NAME a scoring system (``preferans-rostov``, or ``rostov`` when
    only one game has a system of that name), then overrides of its settings."""
    words = str(spec).split()
    if not words:
        raise InputError("an empty system", field="system")
    parse_assignments(words[1:])    # each override written KEY=VALUE
    return Entrant(" ".join(words), get_scoring(words[0]), tuple(words[1:]))


def entrants_of(specs):
    """The Entrants of ``--system`` specs; one spec may list several, separated by commas (a string is one
    spec, never its letters)."""
    found = []
    for spec in text_list(specs):
        parts = [p for p in spec.split(",") if p.strip()]
        found.extend(parse_entrant(p) for p in parts)
    return found


def _add(total, standing):
    for name, value in standing.items():
        total[name] = total.get(name, 0) + value


def match_standings(entrant, found, records):
    """Each participant's result of one match (``records``) under ``entrant``: the sum over the ledgers the
    records fill, a new one started whenever the last ended; a field's deals table by table for a system that
    scores one table at a time."""
    if records and isinstance(records[0], FieldDeal) and not entrant.system.scores_fields:
        total = {}
        for table in range(len(records[0].tables)):
            standing = _ledgers_standing(entrant, found, [record.tables[table] for record in records])
            total.update((f"{name} {table + 1}", value) for name, value in standing.items())
        return total
    return _ledgers_standing(entrant, found, records)


def _ledgers_standing(entrant, found, records):
    system, settings = entrant.system, entrant.settings
    context = {k: v for k, v in found.context.items() if k != "protocol"}
    total, ledger = {}, None
    for record in records:
        if ledger is None or ledger.is_over:
            if ledger is not None:
                _add(total, system.standings(ledger.settle()))
            ledger = system.ledger(settings, **context)
        ledger.add(record)
    if ledger is not None:
        _add(total, system.standings(ledger.settle()))
    return total


def _ranking(standing):
    """The participants' order, best first, ties sharing a place: a tuple of frozensets."""
    places = {}
    for name, value in standing.items():
        places.setdefault(round(value, 9), set()).add(name)
    return tuple(frozenset(places[v]) for v in sorted(places, reverse=True))


def check_comparison(entrants, per=None, simulation=None):
    """InputError unless ``entrants`` are at least two systems of one game and ``per`` a number of records, and
    they can score the deals of ``simulation`` (records yet to be played): checked before any record is read or
    played."""
    if len(entrants) < 2:
        raise InputError("compare at least two systems", field="system")
    games = {e.system.game for e in entrants}
    if len(games) > 1:
        raise InputError(f"systems of different games cannot score the same records: {', '.join(sorted(games))}",
                         field="system")
    if simulation is not None:
        game = get_game(simulation.game).name
        if games != {game}:
            raise InputError(f"{entrants[0].system.name} scores {games.pop()}, not the {game} deals simulated",
                             field="system")
        for entrant in entrants:
            if entrant.system.needs_analysis and not simulation.analyse:
                raise InputError(f"{entrant.label} scores each deal against its double-dummy analysis: give "
                                 "--analyse", field="system")
    if per is not None and per < 1:
        raise InputError(f"a match has at least one record, not {per}", field="per")


def compare(entrants, found, per=None):
    """Score ``found`` (a RecordsFile every entrant reads) under each entrant: a JSON-ready comparison."""
    check_comparison(entrants, per)
    records = list(found.records)
    if not records:
        raise InputError("no records to compare", source=found.source)
    per = per or len(records)
    matches = [records[k:k + per] for k in range(0, len(records), per)]
    results = {}
    for entrant in entrants:
        try:
            results[entrant.label] = [match_standings(entrant, found, match) for match in matches]
        except NotImplementedError:
            raise SettingsError(f"{entrant.system.name} gives no standing per participant: it cannot be compared",
                                field="system") from None
        except TrickcoreError as exc:
            # Records played under one variant's rules may break another's (e.g. Classic's mandatory whist).
            exc.message = f"{entrant.label} cannot score these records: {exc.message}"
            raise
    participants = sorted({p for rows in results.values() for row in rows for p in row}, key=_table_order)
    note = _seats_note(found.simulation)
    return {"source": found.source, "records": len(records), "matches": len(matches), "per": per,
            "systems": [e.label for e in entrants], "participants": participants, **({"note": note} if note else {}),
            "standings": _standings(results, participants),
            "rankings_differ": _rankings_differ(entrants, results),
            "correlation": _correlations(entrants, results, participants),
            "situations": _situations(entrants, found, records),
            "matches_detail": [{e.label: results[e.label][m] for e in entrants} for m in range(len(matches))]}


def _seats_note(simulation):
    """What the participants of ``simulation``'s records are (its agents play every seat of every deal, so each
    participant is a seat), None for records no simulation played."""
    if simulation is None:
        return None
    if simulation.get("dealer") is None:
        return "participants are seats; the dealer rotates"
    return (f"participants are seats and {simulation['dealer']} deals every deal: the figures measure the seats "
            "as much as the systems")


def _table_order(participant):
    """Participants table by table ("NS 1", "EW 1", "NS 2", ...), otherwise by name."""
    name, _, table = participant.rpartition(" ")
    return (int(table), name) if table.isdigit() and name else (0, participant)


def _standings(results, participants):
    out = {}
    for label, rows in results.items():
        out[label] = {p: mean_interval([row.get(p, 0) for row in rows]).to_dict() for p in participants}
    return out


def _rankings_differ(entrants, results):
    """For each pair of systems, the share of matches where they rank the participants differently."""
    out = []
    for a, b in itertools.combinations(entrants, 2):
        pairs = list(zip(results[a.label], results[b.label]))
        differ = sum(1 for x, y in pairs if _ranking(x) != _ranking(y))
        out.append({"systems": [a.label, b.label], "matches": len(pairs), "differ": differ,
                    "share": round(differ / len(pairs), 4)})
    return out


def _correlations(entrants, results, participants):
    """For each pair of systems, the correlation of the participants' match results under the two."""
    out = []
    for a, b in itertools.combinations(entrants, 2):
        xs = [row.get(p, 0) for row in results[a.label] for p in participants]
        ys = [row.get(p, 0) for row in results[b.label] for p in participants]
        value = correlation(xs, ys) if len(xs) > 1 else math.nan
        out.append({"systems": [a.label, b.label], "n": len(xs),
                    "correlation": None if math.isnan(value) else round(value, 4)})
    return out


def _situations(entrants, found, records, limit=12):
    """Per kind of deal (the systems' ``situation``; each table of a field's deal), what the participant
    concerned gets from that one deal scored alone under each system; the kinds ordered by how much the systems
    differ, weighted by frequency."""
    groups = {}
    for record in records:
        tables = record.tables if isinstance(record, FieldDeal) else (record,)
        scored = None
        for table, played in enumerate(tables, 1):
            label, who = entrants[0].system.situation(played)
            if label is None or who is None:
                continue
            if scored is None:
                scored = {entrant.label: match_standings(entrant, found, [record]) for entrant in entrants}
            who = f"{who} {table}" if isinstance(record, FieldDeal) else who
            row = groups.setdefault(label, {e.label: [] for e in entrants})
            for entrant in entrants:
                row[entrant.label].append(scored[entrant.label].get(who, 0))
    out = []
    for label, row in groups.items():
        means = {name: math.fsum(values) / len(values) for name, values in row.items()}
        spread = max(means.values()) - min(means.values())
        count = len(next(iter(row.values())))
        out.append({"situation": label, "deals": count, "means": {k: round(v, 4) for k, v in means.items()},
                    "spread": round(spread, 4), "weight": round(spread * count, 4)})
    out.sort(key=lambda item: (-item["weight"], item["situation"]))
    return out[:limit]


def comparison_text(data):
    """The comparison as text: standings per system, ranking differences, correlations, situations."""
    lines = [f"{data['records']} records from {data['source']}, {data['matches']} match(es) of {data['per']}"]
    if "note" in data:
        lines.append(data["note"][0].upper() + data["note"][1:] + ".")
    lines += ["", "Mean result per match (95% CI):"]
    width = max(len(s) for s in data["systems"])
    for label in data["systems"]:
        cells = []
        for p in data["participants"]:
            row = data["standings"][label][p]
            low, high = row["ci95"]
            cells.append(f"{p} {row['mean']:+.2f} [{low:+.2f}, {high:+.2f}]" if data["matches"] > 1
                         else f"{p} {row['mean']:+.2f}")
        lines.append(f"  {label:<{width}}  " + "   ".join(cells))
    lines += ["", "Matches ranked differently:"]
    lines += [f"  {a} vs {b}: {row['differ']} of {row['matches']} ({row['share']:.1%})"
              for row in data["rankings_differ"] for a, b in [row["systems"]]]
    lines += ["", "Correlation of the participants' results:"]
    lines += [f"  {a} vs {b}: {'n/a' if row['correlation'] is None else format(row['correlation'], '.3f')}"
              for row in data["correlation"] for a, b in [row["systems"]]]
    if data["situations"]:
        lines += ["", "Where the systems differ most (mean per deal for the side or player concerned):"]
        for row in data["situations"]:
            means = "  ".join(f"{k} {v:+.1f}" for k, v in row["means"].items())
            deals = "deal " if row["deals"] == 1 else "deals"
            lines.append(f"  {row['situation']:<12} {row['deals']:>5} {deals}   {means}")
    return "\n".join(lines) + "\n"


def comparison_csv(data):
    """One CSV row per match, system and participant: the participant's result."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["match", "system", "participant", "result"])
    for number, match in enumerate(data["matches_detail"], 1):
        for label in data["systems"]:
            for p in data["participants"]:
                writer.writerow([number, label, p, match[label].get(p, 0)])
    return out.getvalue()
