# PostgreSQL and NATS from Debian's packages, on the same base as the services, for
# `npm run test:containers` on machines that reach Debian's mirror but no image registry.
# (In production use the managed or official ones; docker-compose.yml names pinned images.)
ARG NODE_BASE=docker.io/library/node:20.20.2-bookworm-slim

FROM ${NODE_BASE} AS postgres
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
USER postgres
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
# A throwaway cluster for tests: created at start, the password given by POSTGRES_PASSWORD.
# Its socket goes to /tmp with PGDATA (give both a tmpfs when the root filesystem is read-only);
# password sign-in from any address, so pods on podman's own networks reach it too.
CMD ["sh", "-c", "printf '%s' \"$POSTGRES_PASSWORD\" > /tmp/pw && initdb -U \"$POSTGRES_USER\" --pwfile=/tmp/pw --auth=scram-sha-256 >/dev/null && rm /tmp/pw && echo 'host all all all scram-sha-256' >> \"$PGDATA/pg_hba.conf\" && exec postgres -c listen_addresses='*' -c port=\"${PGPORT:-5432}\" -c unix_socket_directories=/tmp -c max_connections=200"]

FROM ${NODE_BASE} AS nats
RUN apt-get update && apt-get install -y --no-install-recommends nats-server && rm -rf /var/lib/apt/lists/*
USER nobody
CMD ["sh", "-c", "exec nats-server -js -sd /tmp/nats -a 0.0.0.0 -p \"${NATS_PORT:-4222}\""]
