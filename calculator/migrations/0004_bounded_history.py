"""A hand's history keeps its most recent versions only (`sheets.KEPT_VERSIONS`): the older
ones of hands edited before the bound are dropped. `Hand.versions` still counts them all."""

from django.db import migrations

KEPT_VERSIONS = 20  # as calculator.sheets.KEPT_VERSIONS was when this was written


def drop_older_versions(apps, schema_editor):
    Hand = apps.get_model("calculator", "Hand")
    HandVersion = apps.get_model("calculator", "HandVersion")
    # Versions 1 … versions-1 are kept as rows; those more than KEPT_VERSIONS back go.
    long = Hand.objects.filter(versions__gt=KEPT_VERSIONS + 1).values_list("pk", "versions")
    for pk, versions in long.iterator():
        HandVersion.objects.filter(hand_id=pk, version__lt=versions - KEPT_VERSIONS).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("calculator", "0003_hand_fk_without_own_index"),
    ]

    operations = [
        migrations.RunPython(drop_older_versions, migrations.RunPython.noop, elidable=True),
    ]
