"""Benchmark: the engine's speed, measured in one run and one process (not a test).

    pip install -e '.[bench]'        # python-chess, for the side-by-side reference
    python scripts/bench.py [--games 30] [--seed 1]
    python scripts/bench.py --profile [--games 5]    # cProfile of the decision loop only
    python scripts/bench.py --interop [--games 10]   # decisions per second through the adapters
    python scripts/bench.py --interop --best-of 5 --games 4   # the same, fastest of 5 rounds, µs per decision
    valgrind --tool=callgrind python scripts/bench.py --loop-only --games 3   # instructions, repeatable
    valgrind --tool=callgrind python scripts/bench.py --loop-only --game galileo --games 3   # Galileo's
    valgrind --tool=callgrind python scripts/bench.py --greedy-only --depth 6 --games 1   # a GreedyBot game

Prints medians over repeated samples:
- µs per decision in random 4-player play (``legal_actions`` + ``apply``), and games per second;
- the same decision loop in python-chess (``list(board.legal_moves)`` + ``push``) and the ratio;
- µs per ``to_json`` + ``from_json`` of a mid-game state; µs per ``view`` (a player's, the spectator's,
  at the first decision; the events of one action); the size and round trip of a pickle;
- the peak memory of an MCTS search tree of 10,000 nodes (tracemalloc);
- ms per GreedyBot decision in 2-player GreedyBot games, at its default lookahead and at depth 3;
- Galileo beside Newton: µs per decision of random 4-player Galileo games, the same loop on the same engine
  core, interleaved with Newton's.
"""

from __future__ import annotations

import argparse
import cProfile
import pickle
import pstats
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import galileo_rules as gr
import galileo_rules.protocol as galileo_protocol
import newton_rules as nr
import newton_rules.protocol as newton_protocol
from newton_rules.bots import GreedyBot, MCTSBot, play_game
from newton_rules.bots.mcts import Node, tree_size
from rules_core.session import Session

Clock = Callable[[], float]


def decision_loop(players: int, seed: int, clock: Clock = time.perf_counter) -> tuple[float, int]:
    """(seconds, decisions) for one random game, timing only legal_actions + apply."""
    return random_play(nr.new_game(players=players, seed=seed), seed, clock)


def random_play(game: Session, seed: int, clock: Clock = time.perf_counter) -> tuple[float, int]:
    """(seconds, decisions) to play ``game`` (any game on the engine core) to its end at random."""
    rnd = random.Random(seed)
    decisions = 0
    started = clock()
    while not game.is_over:
        game = game.apply(rnd.choice(game.legal_actions()))
        decisions += 1
    return clock() - started, decisions


def chess_loop(seed: int) -> tuple[float, int] | None:
    try:
        import chess
    except ImportError:
        return None
    board = chess.Board()
    rnd = random.Random(seed)
    decisions = 0
    started = time.perf_counter()
    while decisions < 400:
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rnd.choice(moves))
        decisions += 1
    return time.perf_counter() - started, decisions


def observed_loop(
    players: int, seed: int, from_game: bool = False, clock: Clock = time.perf_counter
) -> tuple[float, int]:
    """(seconds, decisions) of the random loop with the mover's observation encoded at every decision:
    of its view (``encode_array(game.view(seat))``) or, ``from_game``, straight from the game
    (``encode_game_array(game, seat)``, the adapters' path)."""
    game = nr.new_game(players=players, seed=seed)
    encoder = nr.observation_encoder(game.config)
    if from_game:
        encode_game: Callable[[Any, int], Any] = encoder.encode_game_array if has_numpy() else encoder.encode_game
    else:
        encode_view: Callable[[Any], Any] = encoder.encode_array if has_numpy() else encoder.encode
    rnd = random.Random(seed)
    decisions = 0
    started = clock()
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        if from_game:
            encode_game(game, seat)
        else:
            encode_view(game.view(seat))
        game = game.apply(rnd.choice(game.legal_actions()))
        decisions += 1
    return clock() - started, decisions


def has_numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def openspiel_loop(
    players: int, seed: int, observe: bool, clock: Clock = time.perf_counter, name: str = "python_newton"
) -> tuple[float, int] | None:
    """(seconds, decisions) of a random game through the OpenSpiel game ``name`` (python_newton or
    python_galileo), with the mover's observation tensor at every decision if ``observe``; None without
    the openspiel extra."""
    try:
        import pyspiel

        import galileo_rules.interop.openspiel  # noqa: F401  (registers python_galileo)
        import newton_rules.interop.openspiel  # noqa: F401  (registers python_newton)
    except ImportError:
        return None
    game = pyspiel.load_game(name, {"players": players, "seed": seed, "deals": 1})
    state = game.new_initial_state()
    state.apply_action(0)
    rnd = random.Random(seed)
    decisions = 0
    started = clock()
    while not state.is_terminal():
        if observe:
            state.observation_tensor(state.current_player())
        state.apply_action(rnd.choice(state.legal_actions()))
        decisions += 1
    return clock() - started, decisions


def pettingzoo_loop(
    players: int, seed: int, clock: Clock = time.perf_counter, galileo: bool = False
) -> tuple[float, int] | None:
    """(seconds, decisions) of a random game through Newton's PettingZoo environment (Galileo's if
    ``galileo``; its loop reads the observation and the action mask at every decision); None without the
    pettingzoo extra."""
    try:
        from galileo_rules.interop.pettingzoo import env as galileo_env
        from newton_rules.interop.pettingzoo import env as newton_env
    except ImportError:
        return None
    game_env = (galileo_env if galileo else newton_env)(players=players)
    game_env.reset(seed=seed)
    rnd = random.Random(seed)
    decisions = 0
    started = clock()
    for _ in game_env.agent_iter():
        observation, _, termination, truncation, _ = game_env.last()
        if termination or truncation:
            game_env.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]  # as an agent reads a NumPy mask
        game_env.step(int(rnd.choice(legal)))
        decisions += 1
    return clock() - started, decisions


def interop_loops(players: int, clock: Clock) -> dict[str, Callable[[int], tuple[float, int] | None]]:
    """The loops compared by the interop figures, by name: each plays the game of a seed."""
    return {
        "raw (legal_actions + apply)": lambda s: decision_loop(players, s, clock),
        "raw + observation of the mover's view": lambda s: observed_loop(players, s, False, clock),
        "raw + observation straight from the game": lambda s: observed_loop(players, s, True, clock),
        "OpenSpiel python_newton": lambda s: openspiel_loop(players, s, False, clock),
        "OpenSpiel + observation_tensor": lambda s: openspiel_loop(players, s, True, clock),
        "PettingZoo env (last + step: observation and mask)": lambda s: pettingzoo_loop(players, s, clock),
    }


def galileo_observed(players: int, seed: int, clock: Clock = time.perf_counter) -> tuple[float, int]:
    """(seconds, decisions) of a random Galileo game with the mover's observation encoded at every decision
    (the pieces of its declaration, :data:`galileo_rules.GALILEO_INTEROP`)."""
    game = gr.new_game(players=players, seed=seed)
    encoder = gr.GALILEO_INTEROP.encoder(game.config)
    encode: Callable[[Any], Any] = encoder.encode_array if has_numpy() else encoder.encode
    rnd = random.Random(seed)
    decisions = 0
    started = clock()
    while not game.is_over:
        encode(game.view(game.to_move))
        game = game.apply(rnd.choice(game.legal_actions()))
        decisions += 1
    return clock() - started, decisions


def galileo_interop_loops(players: int, clock: Clock) -> dict[str, Callable[[int], tuple[float, int] | None]]:
    """Galileo's loops through the core's generic adapters, by name (``raw`` first)."""
    return {
        "Galileo raw (legal_actions + apply)": lambda s: random_play(gr.new_game(players=players, seed=s), s, clock),
        "Galileo raw + observation of the mover's view": lambda s: galileo_observed(players, s, clock),
        "OpenSpiel python_galileo": lambda s: openspiel_loop(players, s, False, clock, "python_galileo"),
        "OpenSpiel python_galileo + observation_tensor": lambda s: openspiel_loop(
            players, s, True, clock, "python_galileo"
        ),
        "PettingZoo Galileo env (last + step: observation and mask)": lambda s: pettingzoo_loop(
            players, s, clock, galileo=True
        ),
    }


def interop_rates(games: int, seed: int, players: int = 4, galileo: bool = False) -> None:
    """Decisions per second raw, with an observation, and through each adapter, game by game (Newton's
    adapters, or Galileo's through the core's generic ones).

    Timed in CPU seconds of this process (``time.process_time``): on a machine shared with other jobs,
    wall-clock time would count their share of the cores too."""
    loops = (galileo_interop_loops if galileo else interop_loops)(players, time.process_time)
    samples: dict[str, list[tuple[float, int]]] = {name: [] for name in loops}
    (gr.new_game if galileo else nr.new_game)(players=players, seed=seed)  # the reference data, before any timing
    for i in range(games):
        for name, loop in loops.items():
            run = loop(seed + i)
            if run is not None:
                samples[name].append(run)
    raw_runs = next(iter(samples.values()))
    raw = sum(n for _, n in raw_runs) / sum(t for t, _ in raw_runs)
    game = "Galileo" if galileo else "Newton"
    print(f"decisions per CPU second, {players}-player random {game} games, {games} games each, interleaved:")
    for name, runs in samples.items():
        if not runs:
            print(f"  {name}: not installed")
            continue
        rate = sum(n for _, n in runs) / sum(t for t, _ in runs)
        print(f"  {name}: {rate:,.0f}/s ({rate / raw:.2f}x raw)")


def interop_best(rounds: int, games: int, seed: int, players: int = 4) -> None:
    """µs per decision of each interop loop in its fastest of ``rounds`` rounds (each round plays the
    games of seeds ``seed`` to ``seed + games - 1`` through every loop in turn), and its ratio to raw.

    On a shared machine a round is slowed by whatever else runs then, never sped up, so the fastest
    round is the figure least disturbed (CPU seconds of this process)."""
    loops = interop_loops(players, time.process_time)
    best: dict[str, float] = {}
    nr.new_game(players=players, seed=seed)  # the reference data, loaded before any timing
    for _ in range(rounds):
        for name, loop in loops.items():
            runs = [run for run in (loop(seed + i) for i in range(games)) if run is not None]
            if runs:
                us = sum(t for t, _ in runs) / sum(n for _, n in runs) * 1e6
                best[name] = min(best.get(name, us), us)
    raw = best["raw (legal_actions + apply)"]
    print(f"µs per decision, {players}-player random games, fastest of {rounds} rounds of {games} games:")
    for name, us in best.items():
        print(f"  {name}: {us:.1f} µs ({raw / us:.2f}x raw)")


def median_us(samples: list[tuple[float, int]]) -> float:
    return statistics.median(seconds / n * 1e6 for seconds, n in samples if n)


def time_call(fn: Callable[[], object], repeat: int) -> float:
    """Median µs of ``fn`` over ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1e6


def mid_game(seed: int) -> nr.Game:
    game = nr.new_game(players=4, seed=seed)
    rnd = random.Random(seed)
    while game.round < 4:
        game = game.apply(rnd.choice(game.legal_actions()))
    return game


def galileo_mid_game(seed: int) -> gr.GalileoGame:
    game = gr.new_game(players=4, seed=seed)
    rnd = random.Random(seed)
    while game.round < 4:
        game = game.apply(rnd.choice(game.legal_actions()))
    return game


def payload_cost(name: str, game: Any, payload: Callable[[Any, int | None, int], object]) -> None:
    seat = game.to_move
    mover = time_call(lambda: payload(game, seat, len(game) - 1), 20)
    spectator = time_call(lambda: payload(game, None, 0), 5)
    print(
        f"{name} payload at round 4 ({len(game)} actions): {mover:.0f} µs for the seat to move (the last "
        f"action's log), {spectator:.0f} µs for the spectator's whole log"
    )


def payload_costs(seed: int) -> None:
    """What a server spends on one answer: the payload of the seat to move with the last action's log (what a
    client asks after each move) and the spectator's whole log, in a 4-player game at round 4, both games."""
    payload_cost("newton", mid_game(seed), newton_protocol.payload)
    payload_cost("galileo", galileo_mid_game(seed), galileo_protocol.payload)


def mcts_tree_memory(seed: int, nodes: int = 10_000) -> tuple[float, int]:
    """(peak MiB, nodes) while an MCTS search grows one tree to about ``nodes`` nodes."""
    game = mid_game(seed)
    while len(game.legal_actions()) < 4:
        game = game.apply(game.legal_actions()[0])
    seat = game.to_move
    assert seat is not None
    # Through the whole game: a tree stopped at the end of the turn may hold fewer nodes than asked for.
    bot = MCTSBot(seed=seed, iterations=25, horizon="game")
    view = game.view(seat)
    root = Node(actor=seat)
    tracemalloc.start()
    size = 1
    while size < nodes:
        bot.search(root, view)
        size = tree_size(root)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20, size


def greedy_game(seed: int, depth: int | None = None) -> tuple[float, int]:
    """(seconds, decisions) for one 2-player game of two GreedyBots (``depth``: the bot's default)."""
    bots = [GreedyBot(seed=seat) if depth is None else GreedyBot(seed=seat, depth=depth) for seat in (0, 1)]
    game = nr.new_game(players=2, seed=seed)
    started = time.perf_counter()
    game = play_game(game, bots)
    return time.perf_counter() - started, len(game)


def greedy_lookahead(games: int, seed: int) -> None:
    """Print ms per GreedyBot decision at its default lookahead beside depth 3, the games interleaved."""
    default: list[tuple[float, int]] = []
    shallow: list[tuple[float, int]] = []
    for i in range(games):
        default.append(greedy_game(seed + i))
        shallow.append(greedy_game(seed + i, depth=3))
    default_ms, shallow_ms = median_us(default) / 1000, median_us(shallow) / 1000
    print(
        f"GreedyBot: {default_ms:.1f} ms per decision at its default lookahead, {shallow_ms:.1f} ms at depth 3 "
        f"(median of {games} 2-player GreedyBot games; ratio {default_ms / shallow_ms:.2f})"
    )


# -- Galileo beside Newton --------------------------------------------------------------------------------


def galileo_beside_newton(games: int, seed: int) -> None:
    """Print µs per decision of random 4-player Galileo games beside Newton's, the two loops interleaved."""
    galileo: list[tuple[float, int]] = []
    newton: list[tuple[float, int]] = []
    for i in range(games):
        galileo.append(random_play(gr.new_game(players=4, seed=seed + i), seed + i))
        newton.append(decision_loop(4, seed + i))
    galileo_us, newton_us = median_us(galileo), median_us(newton)
    print(
        f"galileo_rules: {galileo_us:.1f} µs per decision (median of {games} 4-player random games), "
        f"{statistics.median(n for _, n in galileo):.0f} decisions per game; newton_rules in the same run: "
        f"{newton_us:.1f} µs (ratio galileo / newton {galileo_us / newton_us:.2f})"
    )


def profile_decisions(games: int, seed: int) -> None:
    """The functions taking the most own time over ``games`` random 4-player decision loops."""
    nr.new_game(players=4, seed=seed)  # load the catalog outside the profile
    profiler = cProfile.Profile()
    profiler.enable()
    for i in range(games):
        decision_loop(4, seed + i)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="profile the decision loop and print the top functions")
    parser.add_argument(
        "--loop-only",
        action="store_true",
        help="play the random games of the decision loop and nothing else (for an instruction count)",
    )
    parser.add_argument(
        "--greedy-only",
        action="store_true",
        help="play --games 2-player GreedyBot games (at --depth) and nothing else (for an instruction count)",
    )
    parser.add_argument(
        "--game",
        choices=("newton", "galileo"),
        default="newton",
        help="with --loop-only: the game whose random 4-player games are played",
    )
    parser.add_argument("--depth", type=int, help="with --greedy-only: GreedyBot's depth (default: the bot's)")
    parser.add_argument("--interop", action="store_true", help="only the decisions per second through the adapters")
    parser.add_argument("--protocol", action="store_true", help="only the cost of a payload of either game")
    parser.add_argument(
        "--best-of",
        type=int,
        default=0,
        help="with --interop: the fastest of this many rounds of --games games each, in µs per decision",
    )
    args = parser.parse_args()
    if args.protocol:
        payload_costs(args.seed)
        return
    if args.interop and args.best_of:
        interop_best(args.best_of, args.games, args.seed)
        return
    if args.interop:
        interop_rates(args.games, args.seed)
        interop_rates(args.games, args.seed, galileo=True)
        return
    if args.profile:
        profile_decisions(args.games, args.seed)
        return
    if args.greedy_only:
        nr.new_game(players=2, seed=args.seed)  # the reference data, loaded as in every run
        for i in range(args.games):
            greedy_game(args.seed + i, args.depth)
        return
    if args.loop_only:
        new_game = gr.new_game if args.game == "galileo" else nr.new_game
        new_game(players=4, seed=args.seed)  # the reference data, loaded as in every run
        for i in range(args.games):
            random_play(new_game(players=4, seed=args.seed + i), args.seed + i)
        return

    # Interleaved, so a change in the machine's load affects both engines alike.
    newton: list[tuple[float, int]] = []
    chess_runs: list[tuple[float, int] | None] = []
    for i in range(args.games):
        newton.append(decision_loop(4, args.seed + i))
        chess_runs += [chess_loop(args.seed + 4 * i + k) for k in range(4)]
    per_decision = median_us(newton)
    games_per_s = len(newton) / sum(s for s, _ in newton)
    print(
        f"newton_rules: {per_decision:.1f} µs per decision (median of {len(newton)} 4-player random games), "
        f"{statistics.median(n for _, n in newton):.0f} decisions per game, {games_per_s:.1f} games/s"
    )
    if all(run is not None for run in chess_runs):
        chess_us = median_us([run for run in chess_runs if run is not None])
        print(f"python-chess: {chess_us:.1f} µs per decision (legal_moves + push, same loop)")
        print(f"ratio newton_rules / python-chess: {per_decision / chess_us:.2f}")
    else:
        print("python-chess not installed (pip install -e '.[bench]'): no side-by-side figure")

    game = mid_game(args.seed)
    text = game.to_json()
    trusted = time_call(lambda: nr.Game.from_json(game.to_json(), verify=False), 50)
    verified = time_call(lambda: nr.Game.from_json(game.to_json()), 20)
    print(
        f"to_json + from_json of a mid-game state ({len(game)} actions, {len(text)} bytes): "
        f"{trusted:.0f} µs trusted (verify=False), {verified:.0f} µs verified (replays the log)"
    )
    print(f"view(player) of that state: {time_call(lambda: game.view(1), 50):.0f} µs")
    print(f"view(None), the spectator's, of that state: {time_call(lambda: game.view(None), 50):.0f} µs")
    first = nr.new_game(players=4, seed=args.seed)
    news = time_call(lambda: game.view(1).events_since(len(game) - 1), 50)
    print(
        f"view(player) at the first decision: {time_call(lambda: first.view(1), 50):.0f} µs; "
        f"events of the last action (events_since): {news:.0f} µs"
    )
    pickled = pickle.dumps(game)
    print(
        f"pickle of that state: {len(pickled)} bytes, dumps + loads "
        f"{time_call(lambda: pickle.loads(pickle.dumps(game)), 20):.0f} µs"
    )
    clone_us = time_call(lambda: game, 1000)
    print(f"clone: free (an immutable Game is shared, not copied): {clone_us:.2f} µs")
    peak, size = mcts_tree_memory(args.seed)
    print(f"MCTS tree of {size} nodes: peak memory {peak:.1f} MiB")
    greedy_lookahead(min(args.games, 4), args.seed)
    payload_costs(args.seed)
    interop_rates(min(args.games, 10), args.seed)
    galileo_beside_newton(min(args.games, 10), args.seed)


if __name__ == "__main__":
    main()
