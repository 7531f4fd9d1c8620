"""PBN 2.1's tags (rules/bridge.md §16.2): the tag names the standard requires, the tokens of a PBN text grouped into
games (a game's tags with their sections' data, its comments and remarks), and where a comment or remark stands
among a game's tags (its anchor), which the reader records and the writer follows.
"""
import re

import attrs

from trickcore.errors import NotationError

MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
             "Scoring", "Declarer", "Contract", "Result")
UNKNOWN_DATE = "????.??.??"
MANDATORY_NAMES = {name.lower(): name for name in MANDATORY}      # tag names are case-insensitive
_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_STOP = set(" \t\r\n[{;")


@attrs.frozen
class _Token:
    kind: str       # "tag", "data", "comment" ({...}), "remark" (a % line or ; comment), "blank", "bad"
    line: int
    name: str = ""
    value: str = ""


def _line_end(text, i):
    end = text.find("\n", i)
    return len(text) if end < 0 else end


def _tokens(text, source):
    """Split PBN text into tags, section data tokens, {comments}, remarks and blank lines (game separators)."""
    out, i, line, n, content = [], 0, 1, len(text), False
    while i < n:
        ch = text[i]
        if ch == "\n":
            if not content:
                out.append(_Token("blank", line))
            line, content, i = line + 1, False, i + 1
        elif ch in " \t\r":
            i += 1
        elif ch == "%" and (i == 0 or text[i - 1] == "\n") or ch == ";":
            end = _line_end(text, i)
            out.append(_Token("remark", line, value=text[i:end].rstrip("\r")))
            i, content = end, True
        elif ch == "{":
            end = text.find("}", i)
            if end < 0:
                raise NotationError("a { comment is never closed", source=source, line=line)
            out.append(_Token("comment", line, value=text[i + 1:end].replace("\r\n", "\n").strip()))
            line += text.count("\n", i, end)
            i, content = end + 1, True
        elif ch == "[":
            match = _TAG_RE.match(text, i)
            if match is None:
                end = _line_end(text, i)
                out.append(_Token("bad", line, value=text[i:end].strip()))
                i, content = end, True
                continue
            value = re.sub(r'\\(["\\])', r"\1", match.group(2))
            out.append(_Token("tag", line, match.group(1), value))
            line += text.count("\n", i, match.end())
            i, content = match.end(), True
        else:
            j = i
            if ch == '"':
                j = text.find('"', i + 1) + 1 or n
            else:
                while j < n and text[j] not in _STOP:
                    j += 1
            out.append(_Token("data", line, value=text[i:j]))
            i, content = j, True
    return out


@attrs.define
class _Game:
    tags: list = attrs.Factory(list)        # [(tag token, [data tokens])]
    items: list = attrs.Factory(list)       # [(after: lower-case tag name or "", token)] comments and remarks
    bad: object = None                      # the first malformed tag token

    def names(self):
        return {tok.name.lower() for tok, _ in self.tags}


def split_games(text, source):
    """The games of a PBN text: a game is its tags up to the next empty line (PBN 2.1 §3.1); in files that omit
    the empty lines, an identification tag the game already holds starts the next game. Comments and remarks
    before a game's first tag belong to that game; those after the last game to the last game."""
    games, game = [], _Game()
    for tok in _tokens(text, source):
        if tok.kind == "blank":
            if game.tags or game.bad:
                games.append(game)
                game = _Game()
        elif tok.kind in ("comment", "remark"):
            game.items.append((anchor([t.name for t, _ in game.tags]), tok))
        elif tok.kind == "bad":
            game.bad = game.bad or tok
        elif tok.kind == "tag":
            # In a file without empty lines between games, a mandatory tag given again starts the next game.
            if tok.name.lower() in MANDATORY_NAMES and tok.name.lower() in game.names():
                games.append(game)
                game = _Game()
            game.tags.append((tok, []))
        elif game.tags:
            game.tags[-1][1].append(tok)
    if game.tags or game.bad:
        games.append(game)
    elif game.items and games:       # after the last game: at its end
        last = anchor([t.name for t, _ in games[-1].tags])
        games[-1].items.extend((last, tok) for _, tok in game.items)
    return games


def anchor(names):
    """Where a comment or remark stands: after the last of ``names`` (tag names so far), as its lower-case name,
    with ``:k`` for the k-th tag of that name when it repeats (notes); "" before the first tag."""
    if not names:
        return ""
    name = names[-1].lower()
    count = sum(1 for n in names if n.lower() == name)
    return name if count == 1 else f"{name}:{count}"
