from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("calculator", "0006_sheet_closed_and_actions"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="added",
            field=models.PositiveIntegerField(default=None, null=True),
        ),
    ]
