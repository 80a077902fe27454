"""Rounds made before the coach: their top's word, score and kinds (engine.coach), and every play linked to
the round it answers, so the coach reads games played before it existed like the others."""

from django.db import migrations

from engine.coach import tags_mask, top_tags

BATCH = 500


def tag_rounds(apps, schema_editor):
    DuplicateRound = apps.get_model("training", "DuplicateRound")
    DuplicatePlay = apps.get_model("training", "DuplicatePlay")
    rounds = DuplicateRound.objects.select_related("game__lexicon").order_by("pk")
    changed = []
    for rnd in rounds.iterator(chunk_size=BATCH):
        top = rnd.top or {}
        if not top.get("word"):
            continue
        rnd.top_word = top["word"].upper()[:15]
        rnd.top_score = int(top.get("score", 0))
        rnd.tags = tags_mask(top_tags(rnd.cgp, top, rnd.game.lexicon.language))
        changed.append(rnd)
        if len(changed) >= BATCH:
            DuplicateRound.objects.bulk_update(changed, ["top_word", "top_score", "tags"])
            changed = []
    DuplicateRound.objects.bulk_update(changed, ["top_word", "top_score", "tags"])
    ids = {(game, number): pk for pk, game, number in DuplicateRound.objects.values_list("pk", "game_id", "number")}
    plays = []
    for play in DuplicatePlay.objects.filter(round__isnull=True).select_related("player").iterator(chunk_size=BATCH):
        play.round_id = ids.get((play.player.game_id, play.number))
        if play.round_id is not None:
            plays.append(play)
        if len(plays) >= BATCH:
            DuplicatePlay.objects.bulk_update(plays, ["round"])
            plays = []
    DuplicatePlay.objects.bulk_update(plays, ["round"])


class Migration(migrations.Migration):

    dependencies = [("training", "0013_coach")]

    operations = [migrations.RunPython(tag_rounds, migrations.RunPython.noop)]
