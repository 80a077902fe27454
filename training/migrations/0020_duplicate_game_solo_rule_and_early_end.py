"""A duplicate game's own rule for a solo (a room's or a simultané's for their game), and the games of rooms that
were ended early cut to the rounds played, so that every page of such a game tells the game the room played."""

from django.db import migrations, models
from django.db.models import Max, Sum


def rooms_rule_and_rounds_played(apps, schema_editor):
    Room = apps.get_model("training", "Room")
    RoomRound = apps.get_model("training", "RoomRound")
    DuplicateGame = apps.get_model("training", "DuplicateGame")
    DuplicateRound = apps.get_model("training", "DuplicateRound")
    for room in Room.objects.select_related("simultane").iterator():
        rule = room.simultane.solo_min_players if room.simultane_id else room.solo_min_players
        DuplicateGame.objects.filter(pk=room.game_id).update(solo_min_players=rule)
    for game_id in Room.objects.values_list("game_id", flat=True).distinct():
        if Room.objects.filter(game_id=game_id).exclude(status="finished").exists():
            continue  # still played: cut when its last room ends
        game = DuplicateGame.objects.filter(pk=game_id, status="done").first()
        if game is None:
            continue
        played = RoomRound.objects.filter(room__game_id=game_id, closed_at__isnull=False).aggregate(
            last=Max("number"))["last"] or 0
        if played >= game.round_count:
            continue
        DuplicateRound.objects.filter(game_id=game_id, number__gt=played).delete()
        total = DuplicateRound.objects.filter(game_id=game_id).aggregate(total=Sum("top_score"))["total"] or 0
        DuplicateGame.objects.filter(pk=game_id).update(round_count=played, top_total=total, end_reason="host")


class Migration(migrations.Migration):

    dependencies = [
        ("training", "0019_wordstudy_playability"),
    ]

    operations = [
        migrations.AddField(
            model_name="duplicategame",
            name="solo_min_players",
            field=models.PositiveSmallIntegerField(
                default=2,
                help_text="Players on a round for its top found by one of them alone to be a solo: 2 for a shared "
                          "game, a room's or a simultané's own rule for theirs.",
                verbose_name="players needed for a solo"),
        ),
        migrations.RunPython(rooms_rule_and_rounds_played, migrations.RunPython.noop),
    ]
