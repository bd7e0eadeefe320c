# Sheetsmith: one binary plus TeX Live. Build: docker build -t sheetsmith .
# Run:  docker run -p 8090:8090 -v sheetsmith-data:/data sheetsmith
# bubblewrap needs user namespaces inside the container; if your runtime forbids them, either
# allow them (e.g. --security-opt seccomp=unconfined) or set SHEETSMITH_UNSAFE_NO_SANDBOX=1.

# Node 26: the current LTS (since October 2026).
FROM node:26-bookworm AS web
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM golang:1.26-bookworm AS server
ENV GOTOOLCHAIN=local CGO_ENABLED=0
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/pb_public ./pb_public
RUN go build -trimpath -o /out/sheetsmith .

FROM debian:bookworm-slim
# LANG_PACKS=1 adds the Chinese, Japanese, Korean and Arabic, Hebrew packs (about 1 GB more;
# docs/LANGUAGES.md): docker build --build-arg LANG_PACKS=1 -t sheetsmith .
ARG LANG_PACKS=0
COPY scripts/apt-packages*.txt scripts/cyrillic-metrics.sh /tmp/deps/
RUN lists=/tmp/deps/apt-packages.txt \
 && if [ "$LANG_PACKS" = 1 ]; then lists="$lists /tmp/deps/apt-packages-cjk.txt /tmp/deps/apt-packages-rtl.txt"; fi \
 && apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      ca-certificates $(grep -hv '^#' $lists) \
 && /tmp/deps/cyrillic-metrics.sh \
 && rm -rf /var/lib/apt/lists/* /tmp/deps
COPY --from=server /out/sheetsmith /usr/local/bin/sheetsmith
ENV SHEETSMITH_APP_URL=http://127.0.0.1:8090
VOLUME /data
EXPOSE 8090
CMD ["sheetsmith", "serve", "--http=0.0.0.0:8090", "--dir=/data"]
