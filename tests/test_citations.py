"""Every rule citation in the code names a section or decision of the repository's own rules pages
(docs/rules/*.md), in the form docs/rules/citations.md describes, and none names a document outside it."""
import os
import re

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..")
RULES = os.path.join(ROOT, "docs", "rules")
PAGES = ("bridge", "bridge-variants", "whist", "preferans", "preferans-variants")
NUM = r"\d+(?:\.\d+)*"
SEP = r"(?:,\s+and\s+|,\s+|\s+and\s+|\s+or\s+|-|–)"
PREFIX = r"rules/(%s)\.md" % "|".join(sorted(PAGES, key=len, reverse=True))
# A prefixed chain of sections ("rules/bridge.md §9, §13.2-§13.3"), or a bare one.
CHAIN = re.compile(r"(?:(?<![\w/-])%s\s+)?(§%s(?:%s§%s)*)" % (PREFIX, NUM, SEP, NUM))
DECISION = re.compile(r"(?:%s |(decision) )([DB]\d+)\b" % PREFIX)
DECLARATION = re.compile(r"Sections \(§\)(?: and decisions)? are those of docs/rules/(%s)\.md\." % "|".join(PAGES))
PBN_STANDARD = re.compile(r"PBN 2\.1 (?:§%s%s)*$" % (NUM, SEP))  # the PBN standard's own sections
# The old specification's names: documents outside the repository.
OUTSIDE = re.compile(r"\.\./shared|(?<![\w/-])(?:variants-(?:bridge|preferans)(?:\.md)?|(?:bridge|whist|preferans)\.md)"
                     r"(?=\W)|\bspec(?:'s)? §|\bbase §|R-RASP")
CODE = ("trickcore", "games", "scoring", "cli")


def anchors():
    """Every ``(label)=`` target of the rules pages."""
    found = set()
    for name in os.listdir(RULES):
        if name.endswith(".md"):
            with open(os.path.join(RULES, name), encoding="utf-8") as f:
                found.update(re.findall(r"^\(([\w-]+)\)=$", f.read(), re.M))
    return found


def sources():
    for top in CODE:
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if not d.startswith((".", "__"))]
            for name in files:
                if name.endswith((".py", ".pyx", ".pxi", ".pxd")):
                    yield os.path.join(folder, name)
    for folder, _, files in os.walk(os.path.join(ROOT, "examples")):
        for name in files:
            if name.endswith((".py", ".md", ".csv", ".txt")):
                yield os.path.join(folder, name)


def citations(text):
    """(page or None for a bare one, label) of every section and decision cited in ``text``."""
    for m in CHAIN.finditer(text):
        if PBN_STANDARD.search(text[max(0, m.start() - 40):m.start()]):
            continue
        for number in re.findall(NUM, m.group(2)):
            yield m.group(1), "§" + number
    for m in DECISION.finditer(text):
        yield m.group(1), m.group(3)


def anchor(page, label):
    """The MyST target of ``label`` on ``page``: bridge-10-1, preferans-variants-d39."""
    return f"{page}-" + (label[1:].replace(".", "-") if label.startswith("§") else label.lower())


def test_every_citation_resolves_to_a_rules_page_anchor():
    targets = anchors()
    assert {"bridge-10-1", "preferans-variants-d39"} <= targets
    wrong = []
    count = 0
    for path in sources():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        declared = DECLARATION.search(text)
        where = os.path.relpath(path, ROOT)
        for page, label in citations(DECLARATION.sub("", text)):
            count += 1
            page = page or (declared and declared.group(1))
            if page is None:
                wrong.append(f"{where}: {label} names no page (prefix it, or declare the module's page)")
            elif anchor(page, label) not in targets:
                wrong.append(f"{where}: {label} is no section or decision of docs/rules/{page}.md")
    assert count > 300, "the scan found too few citations: has the form changed?"
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("text, expected", [
    ("(rules/bridge.md §9, §13.2-§13.3)", [("bridge", "§9"), ("bridge", "§13.2"), ("bridge", "§13.3")]),
    ("rules/preferans-variants.md D39 and decision D7", [("preferans-variants", "D39"), (None, "D7")]),
    ("(PBN 2.1 §3.4.15, §3.6) and the §11.2 protocol", [(None, "§11.2")]),
    ("D2 may half-whist only after D1 passed; SAKQ D8765", []),
])
def test_the_scan_reads_the_citation_forms(text, expected):
    assert list(citations(text)) == expected


def test_no_citation_names_a_document_outside_the_repository():
    outside = []
    for path in sources():
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if OUTSIDE.search(re.sub(r"(?:docs/)?rules/[\w-]+\.md", "", line)):
                    outside.append(f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()}")
    assert not outside, "\n".join(outside)
