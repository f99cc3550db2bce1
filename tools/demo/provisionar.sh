#!/usr/bin/env bash
# Provisions an account and a company against a running system (`npm start`), gives the company a
# test A1 certificate from the deployment's test CA, reads its NF-e configuration, registers a goods
# item and issues one note with an Idempotency-Key. Needs ADMIN_TOKEN (printed by `npm start`) and
# curl; python3 is used only to read JSON.
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
  "cnpj": "11222333000181", "razao_social": "Loja Demo LTDA", "inscricao_estadual": "110042490114", "regime_tributario": 3,
  "endereco": {"cep": "01310-100", "logradouro": "Avenida Paulista", "numero": "1000", "bairro": "Bela Vista", "municipio": "São Paulo", "uf": "SP"},
  "codigo_municipio": "3550308"}'
echo

echo "# 3. certificado A1 de teste: emitido e instalado pelo próprio sistema (só com SEFAZ_MODE=simulador)"
# With a real A1 instead: PUT /nfe/v1/empresa/certificado {"pfx": "<base64 of the .pfx>", "senha": "..."}
curl -sf -u "$KEY:$SECRET" -X POST "$BASE/nfe/v1/empresa/certificado/teste"
echo

echo "# 4. configuração NF-e (a empresa agora está apta)"
curl -sf -u "$KEY:$SECRET" "$BASE/nfe/v1/empresa"
echo

echo "# 5. uma mercadoria"
curl -sf -u "$KEY:$SECRET" -X POST "$BASE/nfe/v1/mercadorias" -H 'Content-Type: application/json' \
  -d '{"codigo":"CAMISETA-P","nome":"Camiseta P","ncm":"61091000","unidade_comercial":"UN","valor":"49.90","cfop_interno":"5102","aliquota_icms":"0.18"}'
echo

echo "# 6. uma NF-e (Idempotency-Key: repetir o mesmo POST devolve a mesma nota, com Idempotent-Replayed: true)"
CHAVE="demo-$(date +%s)"
NOTA='{"codigo_externo":"'"$CHAVE"'","natureza_operacao":"Venda de mercadoria",
  "destinatario":{"razao_social":"Cliente Demo","cpf_cnpj":"12345678909","indicador_ie":9,
    "endereco":{"cep":"01310100","logradouro":"Rua A","numero":"10","bairro":"Centro","municipio":"São Paulo","uf":"SP"}},
  "itens":[{"codigo_produto":"CAMISETA-P","quantidade":"2","cst_icms":"00"}]}'
UUID=$(curl -sf -u "$KEY:$SECRET" -X POST "$BASE/nfe/v1/notas" -H 'Content-Type: application/json' -H "Idempotency-Key: $CHAVE" -d "$NOTA" | json "['uuid']")
curl -s -o /dev/null -D - -u "$KEY:$SECRET" -X POST "$BASE/nfe/v1/notas" -H 'Content-Type: application/json' -H "Idempotency-Key: $CHAVE" -d "$NOTA" | grep -i '^idempotent-replayed' || true
sleep 2
curl -sf -u "$KEY:$SECRET" "$BASE/nfe/v1/notas/$UUID"
echo
