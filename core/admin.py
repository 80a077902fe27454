from django.contrib import admin

from core.models import TaskRun


@admin.register(TaskRun)
class TaskRunAdmin(admin.ModelAdmin):
    list_display = ["id", "kind", "owner", "state", "progress", "created_at", "finished_at"]
    list_filter = ["state", "kind"]
    search_fields = ["id", "kind", "owner__username", "message", "error"]
    readonly_fields = [f.name for f in TaskRun._meta.fields]
