import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0001_profile"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="new_cards_per_day",
            field=models.PositiveSmallIntegerField(default=20, help_text="Words never reviewed that enter your reviews each day; the others wait their turn.", validators=[django.core.validators.MinValueValidator(0), django.core.validators.MaxValueValidator(500)], verbose_name="new words a day"),
        ),
        migrations.AddField(
            model_name="profile",
            name="passing_seconds",
            field=models.PositiveSmallIntegerField(blank=True, help_text="A flash card answered right but slower than this counts as missed for the card box; empty: no passing time.", null=True, validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(600)], verbose_name="passing time (seconds)"),
        ),
    ]
