# treppenbot in a container: docs/operating.md explains building, running and updating it.
# Any Python 3.11+ image; the default is Docker Hub's slim Debian one.
ARG PYTHON_IMAGE=python:3.11-slim
FROM ${PYTHON_IMAGE}

# No .pyc files in the image's layers; log lines leave the process at once.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/treppenbot.db \
    METRICS_PORT=9100 \
    METRICS_HOST=0.0.0.0

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY assets ./assets
COPY docs ./docs
# Installs the pinned dependencies; the bot itself runs from /app (its pictures and rules pages
# are found beside the code).
RUN pip install --no-cache-dir . \
    && rm -rf build treppenbot.egg-info \
    && useradd --system --uid 10001 --home-dir /app treppenbot \
    && mkdir -p /data && chown treppenbot /data

# The SQLite database (when DATABASE_URL is not set) lives here: mount a volume on it.
VOLUME ["/data"]
USER treppenbot
EXPOSE 9100

# /healthz answers while the process runs (METRICS_PORT must be set, as above).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ['METRICS_PORT'], timeout=4)"]

# SIGTERM (docker stop, podman stop) stops the bot cleanly within STOP_SECONDS (default 10);
# give it a little more before the engine kills it.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
