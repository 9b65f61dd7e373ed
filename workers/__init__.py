"""Background jobs run by rq workers: bot turns."""
