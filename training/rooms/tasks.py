"""Celery entry point of live rooms: the sweep that closes overdue rounds on time (Celery beat)."""

from __future__ import annotations

from celery import shared_task

from training.rooms import services


@shared_task(name="training.sweep_rooms", ignore_result=True)
def sweep_rooms() -> int:
    """Every playing room brought up to the clock (overdue rounds closed, rounds whose pause ended announced)."""
    return services.sweep()
