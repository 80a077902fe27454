"""Revision lists: the learner's words with their support letters, each word's FSRS card, starter lists."""
