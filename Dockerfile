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
COPY scripts/apt-packages.txt /tmp/apt-packages.txt
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      ca-certificates $(grep -v '^#' /tmp/apt-packages.txt) \
 && rm -rf /var/lib/apt/lists/* /tmp/apt-packages.txt
COPY --from=server /out/sheetsmith /usr/local/bin/sheetsmith
ENV SHEETSMITH_APP_URL=http://127.0.0.1:8090
VOLUME /data
EXPOSE 8090
CMD ["sheetsmith", "serve", "--http=0.0.0.0:8090", "--dir=/data"]
