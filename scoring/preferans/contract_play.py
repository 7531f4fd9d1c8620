"""Scoring of contract deals (§7.3-§7.6, §7.8, §8): trick games, misère (and the big/small misères and uverts
of rules/preferans-variants.md §2.3-§2.4), walkaway, undiscarded talon; Gusarik's dummy defends with the opponent
(rules/preferans-variants.md §1.8).

Sections (§) are those of docs/rules/preferans.md."""
from fractions import Fraction

import attrs

from trickcore.scoring.preferans.protocol import record_error
from trickcore.scoring.preferans.values import Values, misere_trick_penalty, misere_value


@attrs.frozen
class DefenceRoles:
    """Who did what in the defence of a trick contract (§5.2): whisters in calling order, passers, half-whist."""

    d1: str
    d2: str
    whisters: tuple
    half_whister: str | None  # a half-whist that stands (nobody returned)
    returned_half: str | None  # a half-whister whose whist was taken back


def defence_of(deal, table):
    """Resolve the final calls of a trick-contract deal into the roles used for scoring."""
    d1, d2 = table.defenders(deal.dealer, deal.declarer)
    half = next((d for d in (d1, d2) if deal.calls.get(d) == "half_whist"), None)
    if half is not None:
        if deal.returned_by is None:
            return DefenceRoles(d1, d2, (), half, None)
        return DefenceRoles(d1, d2, (deal.returned_by,), None, half)
    whisters = tuple(d for d in (d1, d2) if deal.calls.get(d) == "whist")
    if not whisters and deal.dealer_call == "whist":
        whisters = (deal.dealer,)
    return DefenceRoles(d1, d2, whisters, None, None)


def _payers(deal, table, settings, defence):
    if settings.consolation_payers == "defenders":
        return (defence.d1, defence.d2)
    return tuple(p for p in table.players if p != deal.declarer)


def _penalties(deal, kind):
    return [p for p in deal.penalties if p.kind == kind]


def adjusted_tricks(deal, defence):
    """Tricks after revoke transfers (``t``), then credited tricks after peek / wrong card count (``c``)."""
    tricks = dict(deal.tricks)
    for revoke in _penalties(deal, "revoke"):
        if revoke.player not in tricks:
            raise record_error(f"{revoke.player!r} did not play this deal", deal.index, "penalties")
        if revoke.player == deal.declarer:
            receiver = revoke.to or (defence.whisters[0] if len(defence.whisters) == 1
                                     and defence.whisters[0] in tricks else defence.d1)
        else:
            receiver = deal.declarer
        if receiver not in tricks or receiver == revoke.player:
            raise record_error(f"revoke tricks cannot go to {receiver!r}", deal.index, "penalties")
        moved = min(revoke.tricks, tricks[revoke.player])
        tricks[revoke.player] -= moved
        tricks[receiver] += moved
    credited = dict(tricks)
    for peek in _penalties(deal, "peek"):
        if peek.player not in credited:
            raise record_error(f"{peek.player!r} did not play this deal", deal.index, "penalties")
        credited[peek.player] = max(0, credited[peek.player] - 1)
    for wrong in _penalties(deal, "wrong_card_count"):
        if wrong.player == deal.declarer:
            credited[wrong.player] = min(tricks[wrong.player], deal.contract.level) - 2
        elif wrong.player not in defence.whisters:
            raise record_error("wrong_card_count applies to the declarer or a whister", deal.index, "penalties")
    return tricks, credited


def _made_game(writer, deal, values, made_games):
    """The declarer's pool entry, and (for Classic responsible games) the record of a made game."""
    writer.pool_entry(deal.declarer, values.pool, f"{deal.contract} made")
    made_games.append((deal.declarer, deal.index, values.pool))


def score_trick_game(writer, deal, table, mu, made_games):
    """Write a trick-contract deal (played, half-whist, passed out or checked ten); return its label."""
    values = Values(table.settings, deal.contract.level, mu)
    label = _contract_result(writer, deal, table, values, made_games)
    if table.settings.dealer_talon_bonus and table.four and deal.talon:
        writer.add_whists(deal.dealer, deal.declarer, values.whist * talon_bonus(deal.talon), "talon bonus")
    return label


def _contract_result(writer, deal, table, values, made_games):
    """Steps 4-7 of §7.9 for a trick contract: declarer, consolation, trick whists, shortfall."""
    settings = table.settings
    declarer = deal.declarer
    checked = deal.contract.level == 10 and settings.ten_trick_mode == "checked"
    defence = None if checked else defence_of(deal, table)
    if deal.tricks is None:
        _made_game(writer, deal, values, made_games)
        if defence.half_whister is not None:
            writer.add_whists(defence.half_whister, declarer, values.whist * values.obligation / 2, "half-whist")
            return f"{deal.contract}: half-whist"
        if settings.pass_pass_second_defender_half and deal.contract.level in (6, 7):
            # Gusarik: the dummy cannot write, the opponent does whoever sits where (rules/preferans-variants.md D8).
            passer = defence.d2 if defence.d2 in table.players else defence.d1
            writer.add_whists(passer, declarer, values.whist * values.obligation / 2, "pass-pass half-whist")
        return f"{deal.contract}: passed out"
    if checked:
        defence = DefenceRoles(*table.defenders(deal.dealer, declarer), (), None, None)
    tricks, credited = adjusted_tricks(deal, defence)
    level = deal.contract.level
    down = max(0, level - credited[declarer])
    down_actual = max(0, level - tricks[declarer])
    if down == 0:
        _made_game(writer, deal, values, made_games)
    else:
        writer.add_mountain(declarer, values.set * down, f"{deal.contract} down {down}")
    payers = _payers(deal, table, settings, defence)
    if checked:
        for payer in payers:
            writer.add_whists(payer, declarer, values.consolation * down_actual, "consolation")
        return _label(deal, down)
    defence_tricks = credited[defence.d1] + credited[defence.d2]
    whisters = defence.whisters
    if settings.consolation == "robber" and len(whisters) == 1 and down_actual:
        for payer in payers:
            writer.add_whists(payer, declarer, values.whist * defence_tricks + values.consolation * down_actual,
                              "robber whist")
    else:
        if down_actual:
            for payer in payers:
                writer.add_whists(payer, declarer, values.consolation * down_actual, "consolation")
        _trick_whists(writer, deal, settings, values, defence, credited, defence_tricks, down_actual)
    _shortfall(writer, deal, table, values, defence, credited, defence_tricks)
    return _label(deal, down)


def _trick_whists(writer, deal, settings, values, defence, credited, defence_tricks, down_actual):
    whisters = defence.whisters
    if len(whisters) == 2:
        for whister in whisters:
            writer.add_whists(whister, deal.declarer, values.whist * credited[whister], "trick whists")
        return
    whister = whisters[0]
    passer = defence.d2 if whister == defence.d1 else defence.d1
    split = (settings.single_whist == "gentleman" and down_actual and whister in (defence.d1, defence.d2)
             and defence.returned_half is None)
    if split:
        for writer_ in (whister, passer):
            writer.add_whists(writer_, deal.declarer, values.whist * defence_tricks / 2, "trick whists (gentleman)")
    else:
        writer.add_whists(whister, deal.declarer, values.whist * defence_tricks, "trick whists")


def _shortfall(writer, deal, table, values, defence, credited, defence_tricks):
    """Liable whisters' mountain for missing defence tricks (§7.3 step 4, §8 wrong card count)."""
    whisters = defence.whisters
    declarer_wrong = any(p.player == deal.declarer for p in _penalties(deal, "wrong_card_count"))
    short = 0 if declarer_wrong else max(0, values.obligation - defence_tricks)
    liable = dict.fromkeys(whisters, 0)
    if short and len(whisters) == 1:
        liable[whisters[0]] = short
    elif short and deal.contract.level in (6, 7):
        half = Fraction(values.obligation, 2)
        for whister in whisters:
            if credited[whister] < half:
                own = half - credited[whister]
                liable[whister] = own if table.settings.two_whister_shortfall == "half_based" else min(own, short)
    elif short:
        liable[defence.d2] = short
    for wrong in _penalties(deal, "wrong_card_count"):
        if wrong.player in liable:
            liable[wrong.player] = max(liable[wrong.player], 2)
    for whister, missing in liable.items():
        writer.add_mountain(whister, values.shortfall(writer.closed(whister)) * missing, f"shortfall {missing}")


def _label(deal, down):
    return f"{deal.contract}: made" if down == 0 else f"{deal.contract}: down {down}"


def talon_bonus(talon):
    """Classic dealer bonus tricks: 3 two aces, 2 A+K of a suit, 1 one ace or K+Q of a suit, else 0."""
    (r1, s1), (r2, s2) = talon
    ranks = sorted((r1, r2), reverse=True)
    if ranks == [14, 14]:
        return 3
    if s1 == s2 and ranks == [14, 13]:
        return 2
    if 14 in ranks or (s1 == s2 and ranks == [13, 12]):
        return 1
    return 0


def score_misere(writer, deal, table, mu, made_games):
    """Write a misère or uvert deal (§7.5, §8 revoke and peek; rules/preferans-variants.md §2.3-§2.4); return its
    label."""
    settings = table.settings
    taken = deal.tricks[deal.declarer]
    for revoke in _penalties(deal, "revoke"):
        taken = taken + revoke.tricks if revoke.player == deal.declarer else max(0, taken - revoke.tricks)
    for peek in _penalties(deal, "peek"):
        if peek.player != deal.declarer:
            raise record_error("peek in a misère applies to the declarer", deal.index, "penalties")
        taken += 1
    if _penalties(deal, "wrong_card_count"):
        raise record_error("wrong_card_count applies to trick contracts", deal.index, "penalties")
    name = deal.form or "misere"
    if taken == 0:
        value = misere_value(settings, mu, deal.form)
        writer.pool_entry(deal.declarer, value, f"{name} made")
        made_games.append((deal.declarer, deal.index, value))
        return f"{name}: made"
    writer.add_mountain(deal.declarer, misere_trick_penalty(settings, mu, deal.form) * taken,
                        f"{name} {taken} trick(s)")
    if settings.misere_consolation:
        cons = Values(settings, 10, mu).consolation if deal.form is None else misere_value(settings, mu, deal.form)
        for payer in table.players:
            if payer != deal.declarer:
                writer.add_whists(payer, deal.declarer, cons * taken, f"{name} consolation")
    return f"{name}: {taken} trick(s)"


def score_walkaway(writer, deal, mu):
    """Write a walkaway: down three at the winning bid (§7.6)."""
    values = Values(writer.settings, deal.contract.level, mu)
    writer.add_mountain(deal.declarer, 3 * values.set, "walkaway")
    return f"{deal.contract}: walkaway (down 3)"


def score_undiscarded_talon(writer, deal, penalty, mu):
    """Write the undiscarded-talon penalty; the deal is otherwise void (§8)."""
    if penalty.player != deal.declarer:
        raise record_error("undiscarded_talon is the declarer's penalty", deal.index, "penalties")
    if deal.contract.is_misere:
        amount = 3 * misere_trick_penalty(writer.settings, mu, deal.form)
    else:
        amount = 3 * Values(writer.settings, deal.contract.level, mu).set
    writer.add_mountain(deal.declarer, amount, "undiscarded talon")
    return f"{deal.form or deal.contract}: undiscarded talon"
