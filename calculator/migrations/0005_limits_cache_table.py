"""The per-address limits are counted in Django's database cache (settings.CACHES
"ratelimit", unless REDIS_URL): its table is made here, so every place that migrates (make
run, make serve, a deploy, the benchmark) has it. `createcachetable` is Django's own command
for it; it makes only tables that are missing."""

from django.core.management import call_command
from django.db import migrations


def create_cache_tables(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [
        ("calculator", "0004_bounded_history"),
    ]

    operations = [
        migrations.RunPython(create_cache_tables, migrations.RunPython.noop),
    ]
