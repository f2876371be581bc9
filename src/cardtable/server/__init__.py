"""The game server: rooms, seats and saved games over HTTP and websockets.

It knows no rule: every decision goes through the engine contract (`load_game`,
`legal_actions`, `parse_action`, `apply`, `observation`, `Event.to_dict`).
"""
