# Shared by the load scripts that measure against nginx: sourced, not run.
#
# start_static_nginx WORKDIR PORT PATH
#   Serves the file WORKDIR/html/PATH as application/json at http://127.0.0.1:PORT/PATH with nginx:
#   everything under the temporary prefix WORKDIR, in the foreground, one worker per core, no access
#   log (the servers measured against it log nothing either), long keep-alive. Sets nginx_pid and
#   waits until the file is served. The caller's EXIT trap stops nginx_pid (kill -QUIT).
start_static_nginx() {
    local workdir="$1" port="$2" path="$3"
    mkdir -p "$workdir/logs" "$workdir/tmp"
    chmod 644 "$workdir/html/$path"
    cat > "$workdir/nginx.conf" <<CONF
worker_processes $(nproc);
daemon off;
pid $workdir/nginx.pid;
error_log $workdir/logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    server_tokens off;
    etag off;
    keepalive_requests 100000;
    client_body_temp_path $workdir/tmp/body;
    proxy_temp_path $workdir/tmp/proxy;
    fastcgi_temp_path $workdir/tmp/fastcgi;
    uwsgi_temp_path $workdir/tmp/uwsgi;
    scgi_temp_path $workdir/tmp/scgi;
    server {
        listen 127.0.0.1:$port;
        root $workdir/html;
        location = /$path { default_type application/json; }
    }
}
CONF
    nginx -p "$workdir" -c "$workdir/nginx.conf" &
    nginx_pid=$!
    for _ in $(seq 1 50); do
        curl -sf -o /dev/null "http://127.0.0.1:$port/$path" && return 0
        sleep 0.1
    done
    echo "nginx did not start" >&2
    cat "$workdir/logs/error.log" >&2 || true
    exit 1
}
