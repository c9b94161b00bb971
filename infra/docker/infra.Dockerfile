# PostgreSQL, NATS and an S3 object store from Debian's and npm's packages, on the same base
# as the services, for `npm run test:containers` and `npm run test:kube` on machines that
# reach those but no image registry. (In production use the managed or official ones;
# docker-compose.yml names pinned images.)
ARG NODE_BASE=docker.io/library/node:24.21.0-bookworm-slim

FROM ${NODE_BASE} AS postgres
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
USER postgres
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
# A throwaway cluster for tests: created at start with the database POSTGRES_DB, the password
# given by POSTGRES_PASSWORD, and MAX_CONNECTIONS connections (what the manifests budget).
# Its socket goes to /tmp with PGDATA (give both a tmpfs when the root filesystem is read-only);
# password sign-in from any address, so pods on podman's own networks reach it too.
CMD ["sh", "-c", "printf '%s' \"$POSTGRES_PASSWORD\" > /tmp/pw && initdb -U \"$POSTGRES_USER\" --pwfile=/tmp/pw --auth=scram-sha-256 >/dev/null && rm /tmp/pw && echo 'host all all all scram-sha-256' >> \"$PGDATA/pg_hba.conf\" && echo \"CREATE DATABASE \\\"${POSTGRES_DB:-$POSTGRES_USER}\\\"\" | postgres --single -D \"$PGDATA\" postgres >/dev/null && exec postgres -c listen_addresses='*' -c port=\"${PGPORT:-5432}\" -c unix_socket_directories=/tmp -c max_connections=\"${MAX_CONNECTIONS:-200}\""]

FROM ${NODE_BASE} AS nats
RUN apt-get update && apt-get install -y --no-install-recommends nats-server && rm -rf /var/lib/apt/lists/*
USER nobody
CMD ["sh", "-c", "exec nats-server -js -sd /tmp/nats -a 0.0.0.0 -p \"${NATS_PORT:-4222}\""]

# s3rver (the npm package the tests use as S3), with the bucket `innerecho`, path-style only (a
# host name such as object-store is not a bucket); any key pair signs.
FROM ${NODE_BASE} AS object-store
RUN npm install -g --no-audit --no-fund s3rver@3.7.1 && rm -rf /root/.npm
USER nobody
CMD ["sh", "-c", "exec s3rver --directory /tmp/s3 --address 0.0.0.0 --port \"${S3_PORT:-9000}\" --configure-bucket innerecho --no-vhost-buckets --silent"]
