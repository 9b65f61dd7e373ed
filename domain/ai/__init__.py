"""Bots that play well: a one-move `greedy` policy and a `search` that plays greedy's best
moves out to its next turn in sampled deals, both deciding only from what their seat may see
(domain.ai.knowledge)."""
