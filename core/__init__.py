"""Shared web foundations: task progress (TaskRun), health checks, the home page, template tags."""
