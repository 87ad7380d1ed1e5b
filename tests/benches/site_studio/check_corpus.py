#!/usr/bin/env python3
"""Checks briefs.toml against its own conventions (see its header): facts occur verbatim in the
brief, kinds and field names come from the fixed vocabularies, ids are unique, every business
kind appears once, refinements point at briefs. Run: python3 tests/benches/site_studio/check_corpus.py"""
import pathlib
import sys
import tomllib

SECTIONS = {"about", "services", "timetable", "prices", "menu", "hours", "location", "booking",
            "quote", "contact", "reviews", "gallery", "faq", "team", "events", "rooms", "setlist",
            "videos"}
FIELDS = {"name", "email", "phone", "email_or_phone", "date", "time", "service", "class",
          "guests", "message", "postcode", "job", "reg", "bike", "event_date", "venue", "check_in",
          "check_out", "room", "dog", "artist", "idea", "placement", "size", "reference_image",
          "age_confirm", "level", "mode", "interest", "business_type", "problem", "patient_type",
          "dog_size"}
TASKS = {"booking", "quote", "contact", "none"}
OPS = {"colour", "font", "text", "structure", "needs_model"}

corpus = tomllib.loads((pathlib.Path(__file__).parent / "briefs.toml").read_text())
problems = []
ids, kinds = set(), []
for brief in corpus["brief"]:
    bid, text = brief["id"], brief["text"].lower()
    if bid in ids:
        problems.append(f"{bid}: duplicate id")
    ids.add(bid)
    kinds.append(brief["kind"])
    verbatim = [brief["name"], brief["place"]]
    facts = brief.get("facts", {})
    for price in facts.get("prices", []):
        verbatim += [price["item"], price["price"]]
    for key in ("hours", "services", "other"):
        verbatim += facts.get(key, [])
    verbatim += [facts[k] for k in ("phone", "email", "address") if k in facts]
    for value in verbatim:
        if value and value.lower() not in text:
            problems.append(f"{bid}: `{value}` is not in the brief's text")
    for section in brief["sections"]:
        if section["kind"] not in SECTIONS:
            problems.append(f"{bid}: unknown section kind {section['kind']}")
    task = brief["task"]
    if task["kind"] not in TASKS:
        problems.append(f"{bid}: unknown task {task['kind']}")
    for field in task["fields"] + task["optional"]:
        if field not in FIELDS:
            problems.append(f"{bid}: unknown field {field}")
    if task["kind"] != "none" and task["kind"] not in {s["kind"] for s in brief["sections"]}:
        problems.append(f"{bid}: task {task['kind']} is not among its sections")
    if brief["vague"] != bool(brief.get("question_topics")):
        problems.append(f"{bid}: vague briefs (and only they) list question_topics")
    if brief.get("name_match", "exact") == "case_insensitive" and brief["text"] != text:
        problems.append(f"{bid}: case_insensitive is for all-lowercase briefs")
concrete = [k for k in kinds if k != "vague"]
if len(set(concrete)) != len(concrete):
    problems.append("two concrete briefs share a kind")
for refinement in corpus["refinement"]:
    if refinement["site"] not in ids:
        problems.append(f"refinement `{refinement['text']}`: no brief {refinement['site']}")
    if refinement["op"] not in OPS:
        problems.append(f"refinement `{refinement['text']}`: unknown op")
classifier = corpus["classifier"]
print(f"{len(concrete)} concrete briefs ({len(set(concrete))} kinds), {kinds.count('vague')} vague, "
      f"{len(corpus['refinement'])} refinements, {len(classifier['negative'])} negative and "
      f"{len(classifier['positive'])} positive classifier messages")
for problem in problems:
    print("problem:", problem)
sys.exit(1 if problems else 0)
