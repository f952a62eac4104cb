"""``epistemic pirates``: play, tabulate and explain a pirate game."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, TextIO

from epistemic.models import cards
from epistemic.models.commands import OutputFile
from epistemic.models.efg import add_efg_argument, check_efg_destination, check_efg_size, efg_file
from epistemic.models import (MAX_DEPTH, Command, add_label_style_argument, add_resolution_argument, end_progress,
                              progress_printer,
                              whole_number_argument, write_pictures)
from epistemic.validators import between, whole_number
from epistemic.visualize import RENDERERS, Picture, PictureError, RendererMissing, check_destinations
from epistemic.visualize.render import check_dpi
from epistemic.wording import counted

from .game import PirateGame, PirateGameError
from .division import promise_in
from .predict import TIE_RULES, node_key
from .solver import PirateSolver
from .rules import DOOMED_PROPOSERS, MAJORITIES, Rules
from .report import (MAX_REPORT_BYTES, ROUND_EXCERPT, TABLE_HEAD, TABLE_PIRATES, TABLE_TAIL,
                     check_report_size, format_header, format_report, write_json)
from .learning import (MAX_LEARNING_PIRATES, MAX_LEVEL, MAX_WORLDS, Suspicions, anticipation_level, candidate_worlds,
                       learn)
from .syntax import parse_pirate, parse_promise, parse_suspicion
from .wording import coins_text, division_text, names_text
from .odds import BELIEFS
from .picture_limits import picture_refusals

# imported where used, not here: the pictures (Graphviz, numpy, networkx), the explorer pages, the
# learning's reports and the game's tree are for the options that ask for them
if TYPE_CHECKING:
    from epistemic.explanation import Reason

    from .search import PromiseSearch
    from .tree import PirateTree
    from .worth import Worth

__all__ = ["COMMAND", "add_arguments", "run"]

EPILOG = """\
promises: 'pK: SHARES [to HEARERS]', shares lowest-ranked pirate first and the
maker last (as the seed's tables); 'to' makes it a subgroup promise, e.g.
  --promise "p2: 1 1 0 1 to p3 p4 p5"   --promise "p4: 2 2 to p5"
why-questions: "p5 vote round 1", "offer round 2", "p3 expectation round 2",
  "p1 overboard", "outcome"
pictures: the format follows the file name (.svg, .png, .pdf, .dot for the
Graphviz source, or .tex for a TikZ picture), e.g.  --why "p5 vote round 1" --draw why.svg
exit status: 0 done; 2 bad input, nothing written; 3 done, but a picture over a
limit was not drawn (each such picture named in one line on standard error)
"""

#: The exit status when everything was done but some pictures were refused.
EXIT_PICTURE_REFUSED = 3


#: The command line refuses bigger games: 1,000,000 pirates and 100 coins take about 6 s and 127 MB
#: (docs/cli.md).
MAX_PIRATES = 1_000_000


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pirates", "-n", type=whole_number_argument, required=True, metavar="N",
                   help="number of pirates (at least 2)")
    p.add_argument("--coins", "-m", type=whole_number_argument, required=True, metavar="M",
                   help="number of coins (at least 0)")
    p.add_argument("--promise", "--announce", dest="promises", action="append", default=[], metavar="SPEC",
                   help="a promise, public or to a subgroup (repeatable); see below")
    p.add_argument("--tie-rule", choices=TIE_RULES, default="lowest",
                   help="among equally cheap voters, buy the lowest- or highest-ranked first (default: lowest)")
    rules = p.add_argument_group("rules of the vote (default: the seed's; see docs/pirates.md, Rule variants)")
    rules.add_argument("--majority", choices=MAJORITIES, default="half",
                       help="an offer passes with half of the votes or more, or only with more than half")
    rules.add_argument("--proposer-abstains", action="store_true",
                       help="the proposer does not vote on his own offer")
    rules.add_argument("--peaceful", action="store_true",
                       help="a pirate offered exactly what he expects votes yes, not no")
    rules.add_argument("--doomed-proposer", choices=DOOMED_PROPOSERS, default="buys",
                       help="a proposer who cannot win buys the votes he can afford, or keeps every coin")
    p.add_argument("--json", action="store_true",
                   help="print the game as JSON, values per pirate as runs such as \"p3, p5, ..., p99\" "
                        "(keys in docs/cli.md)")
    p.add_argument("--json-detail", action="store_true",
                   help="print the game as JSON with one entry per pirate and per voter, streamed "
                        f"(large: rounds times living pirates; refused above {MAX_REPORT_BYTES // 2 ** 20} MiB)")
    p.add_argument("--knowledge-of", default="p1", metavar="PIRATE",
                   help="whose knowledge the JSON table of predicted divisions is made on (default: p1)")
    p.add_argument("--tables", action=argparse.BooleanOptionalAction, default=None,
                   help="print one table per knowledge group (default: only for 12 pirates or fewer); "
                        "tables of more than 20 pirates show their first and last rows and columns")
    p.add_argument("--full-tables", action="store_true",
                   help="print the tables whole (implies --tables; refused above "
                        f"{MAX_REPORT_BYTES // 2 ** 20} MiB)")
    p.add_argument("--all-rounds", action="store_true",
                   help=f"print every round (a play of more than {ROUND_EXCERPT} rounds shows its first "
                        f"{TABLE_HEAD} and last {TABLE_TAIL})")
    p.add_argument("--why", action="append", default=[], metavar="QUESTION",
                   help="explain a decision, e.g. \"p5 vote round 1\" (repeatable)")
    p.add_argument("--depth", type=whole_number_argument, default=6, metavar="D",
                   help="levels of reasons shown by --why (default: 6)")
    p.add_argument("--explain", action="store_true",
                   help="walk through the predictions interactively from the keyboard")
    p.add_argument("--best-announcement", type=str, default=None, metavar="PIRATE",
                   help="search the public promise that maximizes this pirate's final coins (small games)")
    learning = p.add_argument_group("learning from the votes (see docs/pirates.md, Learning from surprise)")
    learning.add_argument("--learning", action="store_true",
                          help="pirates learn from the public votes which promises were made (at most "
                               f"{MAX_LEARNING_PIRATES} pirates and {MAX_WORLDS:,} worlds)")
    learning.add_argument("--suspect", action="append", default=[], metavar="SPEC",
                          help="a subgroup promise the pirates suspect may have been made (repeatable; "
                               "'*' for the shares suspects every division), e.g. --suspect \"p3: * to p5\"")
    learning.add_argument("--suspect-every-division", action="store_true",
                          help="suspect every division by every pirate without a promise, told to any one "
                               "other pirate (small games)")
    learning.add_argument("--anticipation", default=None, metavar="K",
                          help="level of anticipation: 0 (default) naive learners; k+1 predicts the others as "
                               f"level-k learners, what his own vote would teach them included (at most {MAX_LEVEL}); "
                               "'fixpoint' plays the levels until they repeat")
    draw = p.add_argument_group("pictures")
    draw.add_argument("--draw", metavar="FILE", default=None,
                      help="draw the --why answers as a graph (without --why: the prediction DAG of the play)")
    draw.add_argument("--draw-dag", metavar="FILE", default=None,
                      help="draw the prediction DAG of the play, summarized when large")
    draw.add_argument("--draw-knowledge", metavar="FILE", default=None,
                      help="draw who knows which promise: pirates, grouped by knowledge, against the promises")
    draw.add_argument("--draw-kripke", metavar="FILE", default=None,
                      help="draw the Kripke model of what the pirates believe was promised; with --learning, "
                           "what they consider possible before each round, as numbered files")
    draw.add_argument("--html", metavar="FILE", default=None,
                      help="write an explorer of the game for the browser: one self-contained .html file "
                           "(click a decision for its reasons, switch knowledge, step through the rounds)")
    draw.add_argument("--renderer", choices=RENDERERS, default="auto",
                      help="Graphviz engine: pygraphviz, a system dot program, or the first present (default)")
    add_resolution_argument(draw)
    add_label_style_argument(draw)
    odds = p.add_argument_group("pirates who weigh odds (see docs/pirates.md, Pirates who weigh odds)")
    odds.add_argument("--beliefs", choices=BELIEFS, default="belief",
                      help="belief (default): a pirate acts as if no promise he did not hear was made (the seed); "
                           "odds: he gives each subgroup promise he did not hear (up to three) the odds "
                           "--promise-chance, updates them by Bayes' rule on the offers and votes, and acts on what "
                           "he expects")
    odds.add_argument("--death-value", default=None, metavar="V",
                      help="with --beliefs odds, death is worth V coins (below 0) and pirates weigh expected "
                           "worth; by default they rank their chance to survive first and expected coins second")
    export = p.add_argument_group("export (see docs/interop.md)")
    add_efg_argument(export)
    export.add_argument("--promise-chance", default=None, metavar="P",
                        help="with --export-efg or --beliefs odds, the chance that each subgroup promise was "
                             "made, as its outsiders weigh it (default: 1/2)")


def run(args: argparse.Namespace, out: TextIO) -> int:
    whole_number(args.pirates, "the number of pirates", at_least=2)
    if args.pirates > MAX_PIRATES:
        raise PirateGameError(f"the command line plays at most {MAX_PIRATES:,} pirates, got {args.pirates:,}")
    whole_number(args.coins, "the number of coins", at_least=0)
    _check_report_options(args)
    args.json = args.json or args.json_detail
    if args.explain and args.json:
        raise PirateGameError("--explain is interactive and cannot be combined with --json")
    between(args.depth, 1, MAX_DEPTH, "--depth", error=PirateGameError)
    promises = [parse_promise(text, args.pirates, args.coins) for text in args.promises]
    suspicions = _suspicions(args)
    knowledge_of = parse_pirate(args.knowledge_of, args.pirates)
    searched = None if args.best_announcement is None else parse_pirate(args.best_announcement, args.pirates)
    if args.dpi is not None:
        check_dpi(args.dpi)
    progress = progress_printer("predictions")
    rules = Rules(args.majority, not args.proposer_abstains, "yes" if args.peaceful else "no", args.doomed_proposer)
    game = PirateGame(args.pirates, args.coins, promises, args.tie_rule, rules,
                      solver=PirateSolver(args.pirates, args.coins, args.tie_rule, rules=rules, progress=progress))
    if suspicions is not None:
        return run_learning(game, suspicions, args, out, progress)
    if args.beliefs == "odds":
        return run_odds(game, args, out)
    if args.death_value is not None:
        raise PirateGameError("--death-value is the worth of death to pirates who weigh odds: it needs --beliefs odds")
    tree, tree_nodes = _tree(game, args)
    # the size of a report too large to read is known from the input: refuse it before solving
    check_report_size(game, detail=args.json_detail, full_tables=args.full_tables)

    # pictures over a limit are known from the input: say so before solving, and draw the others
    asked = _asked(game, args)
    refused = picture_refusals(game, [kind for _, kind, _ in asked], questions=max(len(args.why), 1),
                               depth=args.depth)
    for path, kind, _ in asked:
        if kind in refused:
            _refuse(path, refused[kind])
    # the play is solved first, so that the predictions it rests on are counted without a walk of the DAG
    play = game.play()
    if args.json_detail:
        try:  # the rounds played, known now (in a second at the sizes the check above lets through), size the rest
            check_report_size(game, detail=True, rounds=len(play.rounds))
        finally:
            end_progress(progress)
    # the whole answer is composed before a byte is written, so bad input leaves no half output
    answers = _answers(game, args)
    images, failed = _images([(path, draw) for path, kind, draw in asked if kind not in refused], args)
    if args.html is not None:
        from .browser import explorer_page

        images.append((args.html, explorer_page(game, depth=args.depth, renderer=args.renderer).encode("utf-8")))
    status = EXIT_PICTURE_REFUSED if refused.keys() & {kind for _, kind, _ in asked} or failed else 0
    search = None
    if searched is not None:
        from .search import best_public_promise

        search_progress = progress_printer("candidate promises")
        search = best_public_promise(game, searched, progress=search_progress)
        end_progress(search_progress)
    if args.json:
        extra: dict[str, object] = {}
        if answers:
            extra["why"] = [{"question": q, "answer": reason.to_dict(key=_key_json)} for q, reason in answers]
        if search is not None:
            extra["best_announcement"] = _search_json(search)
        end_progress(progress)
        if tree is not None:
            images.append(efg_file(tree, args.export_efg, tree_nodes))
        write_pictures(images)
        write_json(game, out, knowledge_of, extra, detail=args.json_detail)
        return status
    tables = True if args.full_tables else args.tables
    text = format_report(game, tables, args.full_tables, args.all_rounds) + "\n"
    if tree is not None:
        images.append(efg_file(tree, args.export_efg, tree_nodes))
    for q, reason in answers:
        text += f"\nWhy {q}?\n{reason.to_text()}\n"
    if search is not None:
        text += "\n" + _search_text(game, search) + "\n"
    end_progress(progress)
    write_pictures(images)
    out.write(text)
    if args.explain:
        from .explore import run_explorer

        run_explorer(game, sys.stdin, out, depth=args.depth)
    return status


#: The most pirates who weigh odds the command line plays, and the most the maker's rank times the pirates
#: may be (the states up to the maker's round times the voters each reads; see benchmarks/pirates_odds.py).
MAX_ODDS_PIRATES = 100_000
MAX_ODDS_WORK = 10_000_000

#: Options of the seed's play that pirates who weigh odds do not have (yet).
_NOT_WITH_ODDS = ("draw", "draw_dag", "draw_knowledge", "draw_kripke", "html", "best_announcement", "json_detail",
                  "explain", "full_tables", "all_rounds", "tables")


def run_odds(game: PirateGame, args: argparse.Namespace, out: TextIO) -> int:
    """``--beliefs odds``: the play in each world of pirates who weigh the odds of a subgroup
    promise, and the answers to ``--why``; every clash of options refused before any work."""
    for name in _NOT_WITH_ODDS:
        if getattr(args, name) not in (None, False):
            flag = "--" + name.replace("_", "-")
            raise PirateGameError(f"{flag} shows the seed's play and cannot be combined with --beliefs odds")
    from .odds import MAX_PROMISES, OddsSolver
    from .worth import Worth, parse_death_value
    from .odds_report import format_odds, odds_json, odds_why
    from .tree import parse_chance

    chance = parse_chance(args.promise_chance or "1/2")
    hidden = [promise_in(a).maker for a in game.announcements if not a.is_public]
    # checked before any work: a play is held round by round, and each state up to the maker's reads every voter
    if game.pirates > MAX_ODDS_PIRATES:
        raise PirateGameError(f"pirates who weigh odds are played for at most {MAX_ODDS_PIRATES:,} pirates on the "
                              f"command line, got {game.pirates:,}")
    if len(hidden) > MAX_PROMISES:
        raise PirateGameError(f"pirates who weigh odds weigh at most {MAX_PROMISES} subgroup promises "
                              f"({2 ** MAX_PROMISES} worlds); this game has {len(hidden)}")
    # a state per set of worlds a round may leave possible: 3 with one promise, 15 with two, 255 with three
    states = 2 ** (2 ** len(hidden)) - 1
    if hidden and max(hidden) * game.pirates * states // 3 > MAX_ODDS_WORK:
        raise PirateGameError(f"pirates who weigh odds solve up to {states} states a round up to the last maker's, "
                              f"each reading every voter: p{max(hidden)} of {game.pirates:,} pirates with "
                              f"{len(hidden)} subgroup promise{'s' if len(hidden) > 1 else ''} is more than the "
                              f"command line takes (the last maker's rank times the pirates, times a third of the "
                              f"states, at most {MAX_ODDS_WORK:,}; p1000 of 10,000 pirates with one promise takes "
                              "about 10 s)")
    if args.promise_chance is not None and not hidden:
        raise PirateGameError("--promise-chance weighs subgroup promises, and this game has none")
    worth = Worth(None if args.death_value is None else parse_death_value(args.death_value))
    solver = OddsSolver(game, chance, worth)
    tree, tree_nodes = _tree(game, args, worth)
    answers = [(q, odds_why(solver, q)) for q in args.why]
    images = [] if tree is None else [efg_file(tree, args.export_efg, tree_nodes)]
    if args.json:
        found = odds_json(solver)
        if answers:
            found["why"] = [{"question": q, "answer": a} for q, a in answers]
        text = json.dumps(found, indent=2) + "\n"
    else:
        text = format_odds(solver) + "\n" + "".join(f"\nWhy {q}?\n{a}\n" for q, a in answers)
    write_pictures(images)
    out.write(text)
    return 0


def _answers(game: PirateGame, args: argparse.Namespace) -> list[tuple[str, Reason]]:
    """The answers to ``--why``: ``(question, reason)`` each."""
    if not args.why:
        return []
    from .explore import explain  # here: the questions' parser and the explanations are for --why

    return [(q, explain(game, q, depth=args.depth)) for q in args.why]


def _tree(game: PirateGame, args: argparse.Namespace, worth: Worth | None = None) -> tuple[PirateTree | None, int]:
    """The game's tree for ``--export-efg`` and its size, its destination and size checked
    (``None`` without it)."""
    if args.export_efg is None:
        if args.promise_chance is not None and worth is None:
            raise PirateGameError("--promise-chance is a chance of the exported tree or of pirates who weigh "
                                  "odds: it needs --export-efg or --beliefs odds")
        return None, 0
    check_efg_destination(args.export_efg, [args.draw, args.draw_dag, args.draw_knowledge, args.draw_kripke,
                                            args.html])
    from .tree import PirateTree, parse_chance

    chance = parse_chance(args.promise_chance or "1/2")
    if args.promise_chance is not None and all(a.is_public for a in game.announcements):
        raise PirateGameError("--promise-chance weighs subgroup promises, and this game has none")
    tree = PirateTree(game, chance, worth)
    return tree, check_efg_size(tree)


def _check_report_options(args: argparse.Namespace) -> None:
    """Refuse options of the report that contradict each other."""
    if args.json and args.json_detail:
        raise PirateGameError("--json and --json-detail are two forms of the JSON: give one")
    if args.full_tables and args.tables is False:
        raise PirateGameError("--full-tables prints the tables whole and --no-tables prints none: give one")
    if args.all_rounds and (args.json or args.json_detail):
        raise PirateGameError("--all-rounds is for the text report: the JSON holds every round")


#: Options that work on the play without learning only.
_NOT_WITH_LEARNING = ("draw_dag", "draw_knowledge", "best_announcement", "json_detail", "export_efg",
                      "promise_chance", "death_value")


def _suspicions(args: argparse.Namespace) -> Suspicions | None:
    """What the pirates suspect with ``--learning`` (``None`` without it),
    every clash of options refused before any work."""
    if not args.learning:
        for flag, given in (("--suspect", args.suspect), ("--suspect-every-division", args.suspect_every_division),
                            ("--anticipation", args.anticipation is not None)):
            if given:
                raise PirateGameError(f"{flag} needs --learning: it is about pirates who learn from the votes")
        return None
    if args.beliefs == "odds":
        raise PirateGameError("--learning and --beliefs odds are two minds for one story: give one")
    for name in _NOT_WITH_LEARNING:
        if getattr(args, name):
            flag = "--" + name.replace("_", "-")
            raise PirateGameError(f"{flag} shows the play without learning and cannot be combined with --learning")
    if args.draw is not None and not args.why:
        raise PirateGameError("with --learning, --draw draws the answers of --why: ask a question")
    anticipation_level(args.anticipation if args.anticipation is not None else 0)
    suspected = [a for text in args.suspect for a in parse_suspicion(text, args.pirates, args.coins)]
    return Suspicions(tuple(suspected), args.suspect_every_division)


def run_learning(game: PirateGame, suspicions: Suspicions, args: argparse.Namespace, out: TextIO,
                 solving: Callable[..., None] | None = None) -> int:
    """``--learning``: play with pirates who learn from the votes, then answer
    and draw as asked; ``solving`` is the solver's progress line."""
    from epistemic.visualize import MAX_WORLDS as MAX_DRAWN_WORLDS

    from .learning_browser import learning_explorer_page
    from .learning_explore import run_learning_explorer
    from .learning_report import check_learned_question, format_learning, learned_why, learning_json
    from .pictures import learning_drawings, why_picture

    asked = [path for path in (args.draw, args.draw_kripke) if path is not None]
    check_destinations(asked, tex=True)
    if args.html is not None:
        from epistemic.visualize.explorer import check_html_destination

        check_html_destination(args.html, asked)
    for q in args.why:  # a question that cannot be answered is refused before the play
        check_learned_question(q, game.pirates)
    if args.draw_kripke is not None:
        worlds = len(candidate_worlds(game, suspicions))
        if worlds > MAX_DRAWN_WORLDS:
            raise PirateGameError(f"--draw-kripke: the pirates start from {worlds:,} worlds, too many to draw "
                                  f"legibly (the limit is {MAX_DRAWN_WORLDS} worlds)")
    progress = progress_printer("levels of anticipation")
    level = anticipation_level(args.anticipation if args.anticipation is not None else 0)
    try:
        play = learn(game, suspicions, level, progress=progress)
        answers = [(q, learned_why(game, play, q, depth=args.depth)) for q in args.why]
        images: list[OutputFile] = []
        failed = False
        if args.draw is not None:
            images, failed = _images([(args.draw, lambda: why_picture(game, [r for _, r in answers],
                                                                      label_style=args.label_style))], args)
        if args.draw_kripke is not None:
            [fmt] = check_destinations([args.draw_kripke], tex=True)
            images += learning_drawings(game, play, args.draw_kripke, fmt, args.renderer, args.dpi)
        if args.html is not None:
            page = learning_explorer_page(game, play, depth=args.depth, renderer=args.renderer)
            images.append((args.html, page.encode("utf-8")))
    finally:
        # an error is one line of its own, not the tail of a progress line
        end_progress(progress)
        end_progress(solving)
    if args.json:
        extra: dict[str, object] = {"learning": learning_json(play)}
        if answers:
            extra["why"] = [{"question": q, "answer": reason.to_dict(key=_key_json)} for q, reason in answers]
        write_pictures(images)
        write_json(game, out, parse_pirate(args.knowledge_of, args.pirates), extra)
        return EXIT_PICTURE_REFUSED if failed else 0
    tables = True if args.full_tables else game.pirates <= TABLE_PIRATES if args.tables is None else args.tables
    text = format_header(game) + "\n\n" + format_learning(game, play, tables, args.full_tables) + "\n"
    plain = game.play()
    text += (f"\nWithout learning: {division_text(plain.outcome)}; thrown overboard: "
             f"{names_text(plain.deaths) if plain.deaths else 'nobody'}\n")
    for q, reason in answers:
        text += f"\nWhy {q}?\n{reason.to_text()}\n"
    write_pictures(images)
    out.write(text)
    if args.explain:
        run_learning_explorer(game, play, sys.stdin, out, depth=args.depth)
    return EXIT_PICTURE_REFUSED if failed else 0


def _asked(game: PirateGame, args: argparse.Namespace) -> list[tuple[str, str, Callable[[], Picture]]]:
    """``(path, kind, draw)`` of every picture asked for, the paths checked
    before anything is drawn or solved."""
    style = args.label_style
    asked: list[tuple[str, str, Callable[[], Picture]]] = []
    if args.draw is not None:
        from .pictures import prediction_dag_picture, why_picture

        if args.why:
            asked.append((args.draw, "why", lambda: why_picture(game, args.why, depth=args.depth, label_style=style)))
        else:
            asked.append((args.draw, "dag", lambda: prediction_dag_picture(game, label_style=style)))
    if args.draw_dag is not None:
        from .pictures import prediction_dag_picture

        asked.append((args.draw_dag, "dag", lambda: prediction_dag_picture(game, label_style=style)))
    if args.draw_knowledge is not None:
        from .pictures import knowledge_picture

        asked.append((args.draw_knowledge, "knowledge", lambda: knowledge_picture(game, label_style=style)))
    if args.draw_kripke is not None:
        from .pictures import kripke_model_picture

        asked.append((args.draw_kripke, "kripke", lambda: kripke_model_picture(game)))
    check_destinations([path for path, _, _ in asked], tex=True)  # a bad name fails before any drawing
    if args.html is not None:
        from epistemic.visualize.explorer import check_html_destination

        check_html_destination(args.html, [path for path, _, _ in asked])
    return asked


def _images(asked: list[tuple[str, Callable[[], Picture]]], args: argparse.Namespace
            ) -> tuple[list[OutputFile], bool]:
    """The pictures asked for, rendered to bytes before any file is written,
    and whether one was refused on the way (each refusal said in one line)."""
    images: list[OutputFile] = []
    failed = False
    formats = check_destinations([path for path, _ in asked], tex=True)
    for (path, draw), fmt in zip(asked, formats):
        try:
            images.append((path, draw().pipe(fmt, args.renderer, args.dpi if fmt == "png" else None)))
        except RendererMissing:
            raise  # no picture can be drawn: the whole command fails
        except (PictureError, PirateGameError) as error:
            # the questions were answered already: what fails here is the one picture, over a limit
            _refuse(path, str(error))
            failed = True
    return images, failed


def _refuse(path: str, reason: str) -> None:
    print(f"epistemic pirates: not drawn: {path}: {reason}", file=sys.stderr)


def _key_json(key: Hashable) -> dict[str, object] | None:
    """A prediction's key as JSON: its round and the promises it knows, by maker."""
    if key is None:
        return None
    round, knowledge = node_key(key)
    return {"round": round, "promises_known": sorted(f"p{promise_in(a).maker}" for a in knowledge.announcements)}


def _search_json(search: PromiseSearch) -> dict:
    return {
        "pirate": f"p{search.maker}",
        "coins": search.value,
        "promises": [list(row) for row in search.best],
        "without_promise": search.baseline,
        "candidates": search.candidates,
    }


def _search_text(game: PirateGame, search: PromiseSearch) -> str:
    who = f"p{search.maker}"
    value = "is thrown overboard" if search.value < 0 else f"ends with {coins_text(search.value)}"
    base = "is thrown overboard" if search.baseline < 0 else f"ends with {coins_text(search.baseline)}"
    rows = "\n".join(f"  {who}: {' '.join(map(str, row))}" for row in search.best[:10])
    more = f"\n  ... and {len(search.best) - 10} more" if len(search.best) > 10 else ""
    tried = f"{counted(search.candidates, 'candidate')} tried"
    return (f"Best public promise for {who} ({tried}): "
            f"with it {who} {value}; without a promise he {base}.\n"
            f"Optimal promises (lowest-ranked pirate first):\n{rows}{more}")


COMMAND = Command(
    help=cards.PIRATES.help,
    description="Play the pirate game (Stewart 1999) with public and subgroup promises, "
                "show the seed's tables per knowledge group, and explain every decision.",
    add_arguments=add_arguments, run=run, epilog=EPILOG)
