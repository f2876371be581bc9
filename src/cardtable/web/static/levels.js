// The computer's levels as a player reads them (the values stay the agents' names), and
// a level's measured rating beside it where the pool has one.

export const AGENT_WORDS = { random: "random: any legal move", greedy: "greedy: the best-looking move",
  "ismcts:easy": "easy", "ismcts:medium": "medium", "ismcts:hard": "hard",
  "ismcts:expert": "expert" };

/** A level in words, with its rating in `pool` (`thalara-2p`, ...) where measured. */
export function levelWords(meta, agent, pool) {
  const rated = (meta.level_ratings || {})[pool] || {};
  return `${AGENT_WORDS[agent] || agent}${agent in rated ? ` (rated ${rated[agent]})` : ""}`;
}

/** A level's short name, as a list of ratings reads it: "easy", "greedy". */
export const levelName = (agent) => agent.replace(/^ismcts:/, "");
