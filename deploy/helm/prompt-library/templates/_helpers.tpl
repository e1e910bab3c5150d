{{/* The prefix of every object's name: the release's, with the chart's name unless it has it already. */}}
{{- define "prompt-library.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "prompt-library.labels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end -}}

{{- define "prompt-library.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* The port each image's HEALTH_PORT is set to in deploy/Dockerfile. */}}
{{- define "prompt-library.healthPort" -}}
{{- get (dict "gateway" "9101" "auth" "9102" "library" "9103" "sharing" "9104" "billing" "9105") . -}}
{{- end -}}

{{- define "prompt-library.image" -}}
{{- $tag := .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- .override | default (printf "%s/%s:%s" .root.Values.image.repository .target $tag) -}}
{{- end -}}

{{- define "prompt-library.secretName" -}}
{{- .Values.secrets.existingSecret | required "secrets.existingSecret must name the Secret the apps read" -}}
{{- end -}}

{{- define "prompt-library.fromConfig" -}}
- name: {{ .name }}
  valueFrom:
    configMapKeyRef: { name: {{ include "prompt-library.fullname" .root }}-config, key: {{ .name }} }
{{- end -}}

{{- define "prompt-library.fromSecret" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef: { name: {{ include "prompt-library.secretName" .root }}, key: {{ .key | default .name }}{{ if .optional }}, optional: true{{ end }} }
{{- end -}}

{{/* Non-empty for the apps that use Redis: the gateway, sharing and billing. auth and library get no address of it. */}}
{{- define "prompt-library.usesRedis" -}}
{{- if has . (list "gateway" "sharing" "billing") }}yes{{ end -}}
{{- end -}}

{{/*
The CA that signed the NATS server's certificate: production reaches NATS over TLS only. From a
Secret (cert-manager's ca.crt, say) when nats.tlsCaSecret names one, else from a ConfigMap.
*/}}
{{- define "prompt-library.natsCaVolume" -}}
- name: nats-ca
{{- if .Values.nats.tlsCaSecret }}
  secret: { secretName: {{ .Values.nats.tlsCaSecret }} }
{{- else }}
  configMap: { name: {{ .Values.nats.tlsCaConfigMap | required "nats.tlsCaConfigMap or nats.tlsCaSecret must name the CA of your NATS server's certificate: the apps reach NATS over TLS only" }} }
{{- end }}
{{- end -}}

{{/* Exactly the variables each app reads that the chart sets; `apps.<app>.env` adds others. */}}
{{- define "prompt-library.env" -}}
{{- $root := .root -}}
{{- $app := .app -}}
{{- $service := ne $app "gateway" -}}
{{- range $name := list "NODE_ENV" "APP_NAMESPACE" "LOG_LEVEL" "SHUTDOWN_DELAY_MS" "SHUTDOWN_GRACE_MS" "NATS_URL" }}
{{ include "prompt-library.fromConfig" (dict "root" $root "name" $name) }}
{{- end }}
- name: HEALTH_PORT
  value: {{ include "prompt-library.healthPort" $app | quote }}
- name: NATS_USER
  value: {{ $app }}
{{ include "prompt-library.fromSecret" (dict "root" $root "name" "NATS_PASSWORD" "key" (printf "NATS_%s_PASSWORD" (upper $app))) }}
{{- if include "prompt-library.usesRedis" $app }}
{{- /* Each as its own Redis user, which may touch only its own keys. */}}
{{ include "prompt-library.fromSecret" (dict "root" $root "name" "REDIS_URL" "key" (printf "REDIS_%s_URL" (upper $app))) }}
{{- end }}
- name: NATS_TLS_CA
  value: /etc/nats-ca/{{ $root.Values.nats.tlsCaKey }}
{{- if $service }}
{{- /* Each service signs in to Postgres as its own login, which may use only its schema's rows. */}}
{{ include "prompt-library.fromSecret" (dict "root" $root "name" "DATABASE_URL" "key" (printf "DATABASE_%s_URL" (upper $app))) }}
{{- end }}
{{- if eq $app "gateway" }}
- name: PORT
  value: "8080"
{{ include "prompt-library.fromConfig" (dict "root" $root "name" "PUBLIC_URL") }}
{{ include "prompt-library.fromSecret" (dict "root" $root "name" "SESSION_SECRET") }}
{{- if $root.Values.gateway.trustProxy }}
{{ include "prompt-library.fromConfig" (dict "root" $root "name" "TRUST_PROXY") }}
{{- end }}
{{- end }}
{{- if or (eq $app "gateway") (eq $app "billing") }}
{{ include "prompt-library.fromConfig" (dict "root" $root "name" "STRIPE_PRICE_MONTHLY") }}
{{ include "prompt-library.fromConfig" (dict "root" $root "name" "STRIPE_PRICE_ANNUAL") }}
{{- end }}
{{- if eq $app "billing" }}
{{ include "prompt-library.fromConfig" (dict "root" $root "name" "PUBLIC_URL") }}
{{ include "prompt-library.fromSecret" (dict "root" $root "name" "STRIPE_SECRET_KEY") }}
{{ include "prompt-library.fromSecret" (dict "root" $root "name" "STRIPE_WEBHOOK_SECRET") }}
{{- end }}
{{- if and (or (eq $app "gateway") (eq $app "auth")) $root.Values.google.clientId }}
{{ include "prompt-library.fromConfig" (dict "root" $root "name" "GOOGLE_CLIENT_ID") }}
{{- end }}
{{- range $name, $value := (index $root.Values.apps $app).env }}
- name: {{ $name }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{/* The hardening every container of the chart runs with. */}}
{{- define "prompt-library.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 1000
runAsGroup: 1000
fsGroup: 1000
seccompProfile: { type: RuntimeDefault }
{{- end -}}

{{- define "prompt-library.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
privileged: false
capabilities: { drop: [ALL] }
{{- end -}}

{{/* One egress rule: the port, to the listed peers (any address when none are listed). */}}
{{- define "prompt-library.egressRule" -}}
- ports: [{ port: {{ .port }}, protocol: TCP }]
  {{- with .to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}
