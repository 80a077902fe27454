"""Shared web foundations: task progress (TaskRun), health checks, the home page, navigation, hooks
(:mod:`core.hooks`: how a lower app calls up), validation, API errors, template tags."""
