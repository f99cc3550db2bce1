#!/usr/bin/env bash
# Provisions an account and a company against a running system (`npm start`) and reads the
# company's NF-e configuration. Needs ADMIN_TOKEN (printed by `npm start`) and curl; python3
# is used only to read JSON.
set -euo pipefail
BASE=${BASE_URL:-http://localhost:3000}
: "${ADMIN_TOKEN:?defina ADMIN_TOKEN (impresso pelo npm start)}"
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print(eval('d'+sys.argv[1]))" "$1"; }

echo "# 1. conta (operador)"
CONTA=$(curl -sf -X POST "$BASE/admin/v1/contas" -H "Authorization: Bearer $ADMIN_TOKEN" -H 'Content-Type: application/json' -d '{"nome":"Loja Demo"}')
KEY=$(echo "$CONTA" | json "['credenciais']['producao']['api_key']")
SECRET=$(echo "$CONTA" | json "['credenciais']['producao']['api_secret']")
echo "api_key=$KEY (o api_secret aparece só nesta resposta)"

echo "# 2. empresa"
curl -sf -u "$KEY:$SECRET" -X POST "$BASE/conta/v1/empresas" -H 'Content-Type: application/json' -d '{
  "cnpj": "11222333000181", "razao_social": "Loja Demo LTDA", "inscricao_estadual": "123456789", "regime_tributario": 3,
  "endereco": {"cep": "01310-100", "logradouro": "Avenida Paulista", "numero": "1000", "bairro": "Bela Vista", "municipio": "São Paulo", "uf": "SP"},
  "codigo_municipio": "3550308"}'
echo

echo "# 3. certificado A1 de teste (tools/certs) e envio"
PFX=$(mktemp --suffix=.pfx)
node "$(dirname "$0")/../certs/gerar.mjs" --cnpj 11222333000181 --razao "LOJA DEMO LTDA" --senha demo1234 --saida "$PFX" >/dev/null
curl -sf -u "$KEY:$SECRET" -X PUT "$BASE/nfe/v1/empresa/certificado" -H 'Content-Type: application/json' \
  -d "{\"pfx\": \"$(base64 -w0 "$PFX")\", \"senha\": \"demo1234\"}"
echo; rm -f "$PFX"

echo "# 4. configuração NF-e (a empresa agora está apta)"
curl -sf -u "$KEY:$SECRET" "$BASE/nfe/v1/empresa"
echo

echo "# 5. uma mercadoria"
curl -sf -u "$KEY:$SECRET" -X POST "$BASE/nfe/v1/mercadorias" -H 'Content-Type: application/json' \
  -d '{"codigo":"CAMISETA-P","nome":"Camiseta P","ncm":"61091000","unidade_comercial":"UN","valor":"49.90","cfop_interno":"5102","aliquota_icms":"0.18"}'
echo
