from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("training", "0016_anagram_verdict"),
    ]

    operations = [
        migrations.AddField(
            model_name="quiz",
            name="passing_seconds",
            field=models.PositiveSmallIntegerField(blank=True, help_text="The learner's passing time when the flash cards were made (empty: none): a question answered right but more slowly reviews its card as missed.", null=True, verbose_name="passing time (seconds)"),
        ),
        migrations.AddField(
            model_name="quizquestion",
            name="shown_at",
            field=models.DateTimeField(blank=True, help_text="When the server first showed the flash card (its answer time starts there).", null=True, verbose_name="shown at"),
        ),
        migrations.AddField(
            model_name="quizquestion",
            name="answer_seconds",
            field=models.FloatField(blank=True, help_text="From the question shown to its final answer's arrival, measured by the server.", null=True, verbose_name="answer time (seconds)"),
        ),
        migrations.AddField(
            model_name="quizquestion",
            name="slow",
            field=models.BooleanField(default=False, help_text="Answered right but past the passing time: its card was reviewed as missed.", verbose_name="too slow"),
        ),
    ]
