"""Bots that play well: a one-move `greedy` policy and an information-set Monte Carlo tree
`search`, both deciding only from what their seat may see (domain.ai.knowledge)."""
