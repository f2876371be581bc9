"""The engine's seeds: `derive_seed` lives beside the games' generator (engine/rng.py),
where the arena and the analysis both take it from."""

from __future__ import annotations

from cardtable.engine.rng import derive_seed


def test_derived_seeds_are_the_ones_saved_results_were_played_with() -> None:
    # 1985897764: the seed of game 0 of the saved tournament with seed 2028
    # (benchmarks/results/arena_thalara_2p_greedy_vs_random_round4_pool_seed2028.jsonl):
    # moving the function must not change a single seed.
    assert derive_seed(2028, 0, 0) == 1985897764
    assert [derive_seed(0), derive_seed(7, 3, 1), derive_seed(1, 2, 3, 4)] == \
        [1455851210, 1226969760, 85462534]


def test_the_arena_and_the_analysis_use_the_engines_derivation() -> None:
    from cardtable.analysis import run
    from cardtable.arena import balance, tournament

    assert tournament.derive_seed is balance.derive_seed is run.derive_seed is derive_seed
