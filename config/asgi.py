"""ASGI entry point: HTTP through Django, WebSockets (live rooms) through Channels.

``daphne config.asgi:application`` or ``uvicorn config.asgi:application`` (README, production); ``manage.py
runserver`` serves both too (``daphne`` is first in INSTALLED_APPS).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()  # first: it loads the apps the routes below import

from channels.routing import ProtocolTypeRouter, URLRouter  # type: ignore[import-untyped]  # noqa: E402

from core.arrival import StampArrival  # noqa: E402
from core.websocket import AllowedHostsOrigin, auth_stack  # noqa: E402
from training.rooms.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter({
    "http": StampArrival(django_asgi_app),  # a request's arrival, before it waits for Django's thread
    "websocket": AllowedHostsOrigin(auth_stack(URLRouter(websocket_urlpatterns))),
})
