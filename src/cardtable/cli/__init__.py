"""The `cardtable` command: play, simulate, replay and bench, on the engine contract only."""
