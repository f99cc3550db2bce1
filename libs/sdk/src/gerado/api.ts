// Gerado por `node tools/sdk/gerar.mjs` a partir de libs/sdk/openapi.json (openapi-typescript). Não edite.
export interface paths {
    "/admin/v1/contas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cria uma conta com credenciais de produção e sandbox (segredos mostrados uma única vez) */
        post: operations["Contas_criar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conta/v1/empresas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista as empresas da conta, na ordem de cadastro (a primeira é a padrão) */
        get: operations["Empresas_listar"];
        put?: never;
        /** Cadastra uma empresa na conta (decisions §5) */
        post: operations["Empresas_criar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conta/v1/empresas/{cnpj}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Altera o cadastro de uma empresa da conta: os campos omitidos ficam como estão, um opcional enviado como null é apagado; endereco vai inteiro, com codigo_municipio; o cadastro resultante é conferido como no cadastro (IE da UF, município da UF) */
        patch: operations["Empresas_atualizar"];
        trace?: never;
    };
    "/nfe/v1/empresa/certificado": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Envia o certificado A1 (PFX em base64 e senha) da empresa */
        put: operations["Certificados_enviar"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/empresa/certificado/teste": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Emite e instala um certificado A1 de teste (AC de teste da implantação), só onde SEFAZ_MODE=simulador; 404 nas demais */
        post: operations["Certificados_emitirTeste"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/empresa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Configuração NF-e da empresa (série padrão, ambiente, requisitos) */
        get: operations["EmpresaNfe_obter"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Altera série padrão e ambiente (produção exige confirmar_producao e empresa apta) */
        patch: operations["EmpresaNfe_atualizar"];
        trace?: never;
    };
    "/nfe/v1/mercadorias": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cadastra uma mercadoria no catálogo da empresa */
        post: operations["Mercadorias_criar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/mercadorias/{codigo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Consulta uma mercadoria pelo código */
        get: operations["Mercadorias_obter"];
        /** Altera campos de uma mercadoria (os omitidos ficam como estão) */
        put: operations["Mercadorias_atualizar"];
        post?: never;
        /** Remove uma mercadoria */
        delete: operations["Mercadorias_remover"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/notas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista as notas, mais recentes primeiro (page, per_page, situacao, codigo_externo; X-Total-Count) */
        get: operations["Notas_listar"];
        put?: never;
        /** Emite uma NF-e: grava, assina e enfileira para autorização (201, situacao pendente) */
        post: operations["Notas_criar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/notas/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Consulta uma nota (com status_sefaz depois da resposta da SEFAZ) */
        get: operations["Notas_obter"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/notas/{uuid}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Pede o cancelamento de uma nota autorizada (assíncrono, evento 110111) */
        delete: operations["Notas_cancelar"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/notas/{uuid}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** XML da nota: nfeProc da autorizada, cancelada ou denegada; ProcInutNFe da inutilizada; 409 antes do veredicto ou se rejeitada */
        get: operations["Notas_xml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/notas/{uuid}/reemitir": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reemite uma nota rejeitada, com o corpo corrigido: mesma série e número, novo uuid
         * @description A série é a da nota rejeitada: `serie` omitida ou igual a ela; outra é 422.
         */
        post: operations["Notas_reemitir"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/notas/{uuid}/inutilizar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Inutiliza na SEFAZ o número de uma nota rejeitada (síncrono) */
        post: operations["Notas_inutilizarNota"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/inutilizacoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Inutiliza uma faixa de numeração na SEFAZ (síncrono; 502 se a SEFAZ não responde) */
        post: operations["Notas_inutilizarFaixa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/inutilizacoes/{serie}/{numero_inicial}/{numero_final}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** XML (ProcInutNFe) de uma faixa inutilizada, no ambiente atual da empresa para o tipo da credencial; 409 antes da homologação */
        get: operations["Notas_xmlInutilizacao"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/notas/{uuid}/danfe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** DANFE (PDF) da nota autorizada ou cancelada; 409 antes da autorização */
        get: operations["Danfe_danfe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/notas/{uuid}/carta-correcao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pede uma carta de correção (evento 110110) de uma nota autorizada; até 20 por nota (assíncrono) */
        post: operations["CartasCorrecao_criar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/notas/{uuid}/cartas-correcao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cartas de correção da nota, por sequência */
        get: operations["CartasCorrecao_listar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/notas/{uuid}/cartas-correcao/{sequencia}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** procEventoNFe da carta de correção autorizada; 409 antes */
        get: operations["CartasCorrecao_xml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfe/v1/sefaz/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Disponibilidade do autorizador da UF (padrão: a da empresa) e a contingência em vigor */
        get: operations["CartasCorrecao_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfse/v1/notas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista as NFS-e, mais recentes primeiro (page, per_page, codigo_externo, situacao, data_inicio, data_fim; X-Total-Count) */
        get: operations["NotasNfse_listar"];
        put?: never;
        /** Emite uma NFS-e: grava, gera o RPS e o enfileira para o lote da prefeitura (201, rps e nfse pendentes) */
        post: operations["NotasNfse_criar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfse/v1/notas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Consulta uma NFS-e (acompanhe rps.situacao e nfse.situacao) */
        get: operations["NotasNfse_obter"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfse/v1/notas/{id}/erros": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Por que a prefeitura ou o Sistema Nacional recusou o RPS/DPS (erros, processado_com_erro) ou o último cancelamento de uma nota que segue emitida (cancelamento_erros) */
        get: operations["NotasNfse_erros"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfse/v1/notas/{id}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** XML da NFS-e emitida (nacional: a NFSe assinada pelo Sistema Nacional; ABRASF: CompNfse); 409 antes da emissão */
        get: operations["NotasNfse_xml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nfse/v1/notas/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Pede o cancelamento de uma NFS-e emitida (assíncrono: acompanhe até nfse.situacao cancelada) */
        delete: operations["NotasNfse_cancelar"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/municipios/{codigo_municipio}/servicos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cadastra (ou substitui) um serviço no catálogo do município, usado pelas NFS-e */
        post: operations["CatalogoMunicipal_criar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conta/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista os endpoints da empresa (sem a chave) */
        get: operations["Webhooks_listar"];
        put?: never;
        /** Cadastra um endpoint; a chave_seguranca (assinatura HMAC) só aparece nesta resposta */
        post: operations["Webhooks_criar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conta/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove um endpoint: entregas pendentes são canceladas */
        delete: operations["Webhooks_remover"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conta/v1/webhooks/{id}/entregas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registro de entregas, mais recentes primeiro, com cada tentativa (page, per_page, event_id, situacao; X-Total-Count) */
        get: operations["Webhooks_entregas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conta/v1/webhooks/{id}/entregas/{entrega_id}/reenviar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reenvia o evento desta entrega agora (mesmo event_id, nova assinatura), com novo ciclo de tentativas */
        post: operations["Webhooks_reenviar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErroResposta: {
            /**
             * @description Mensagem (ou `invalid_params`)
             * @example Recurso não encontrado
             */
            error: string;
            /** @description Numa regra de negócio que envolve campos da requisição (documentos referenciados, pagamentos, ...), os caminhos desses campos e suas mensagens, como em invalid_params */
            params?: {
                [key: string]: string[];
            };
        };
        ErroValidacaoResposta: {
            /**
             * @example invalid_params
             * @enum {string}
             */
            error: "invalid_params";
            /**
             * @description Caminho de cada campo recusado (como `itens[0].ncm`) e suas mensagens
             * @example {
             *       "destinatario.cpf_cnpj": [
             *         "é obrigatório"
             *       ]
             *     }
             */
            params: {
                [key: string]: string[];
            };
        };
        CriarContaDto: {
            /** @example Loja Exemplo */
            nome: string;
        };
        CredencialResposta: {
            /**
             * @description prd_... na credencial de produção, sbx_... na sandbox
             * @example prd_4f1e0c9b2a7d5e3f1a0b8c6d
             */
            api_key: string;
            /**
             * @description Mostrado só nesta resposta
             * @example N3q8Jw9c2QxZt4Vb7Lk1Pm0Rs5Tu6Wy8Az2Bc4De6Fg
             */
            api_secret: string;
        };
        CredenciaisContaResposta: {
            producao: components["schemas"]["CredencialResposta"];
            /**
             * @description Notas sempre para os simuladores (decisions §4)
             * @example {
             *       "api_key": "sbx_9a2c7e1f0b3d5a8c6e4f2b1d",
             *       "api_secret": "X7p2Lq9Zr4Tw1Yb8Nc3Vd6Mf0Gh5Jk2Ls9Qa4Ws7Ed1"
             *     }
             */
            sandbox: components["schemas"]["CredencialResposta"];
        };
        ContaCriadaResposta: {
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            id: string;
            /** @example Loja Exemplo */
            nome: string;
            credenciais: components["schemas"]["CredenciaisContaResposta"];
        };
        EnderecoEmpresaDto: {
            /** @example 01310-100 */
            cep: string;
            logradouro: string;
            numero: string;
            bairro: string;
            municipio: string;
            /** @enum {string} */
            uf: "AC" | "AL" | "AM" | "AP" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MG" | "MS" | "MT" | "PA" | "PB" | "PE" | "PI" | "PR" | "RJ" | "RN" | "RO" | "RR" | "RS" | "SC" | "SE" | "SP" | "TO";
            complemento?: string | null;
        };
        CriarEmpresaDto: {
            /**
             * @description CNPJ (numérico ou alfanumérico), com ou sem pontuação
             * @example 12345678000195
             */
            cnpj: string;
            razao_social: string;
            nome_fantasia?: string | null;
            inscricao_estadual?: string | null;
            inscricao_municipal?: string | null;
            /**
             * @description 1 Simples Nacional, 2 Simples excesso de sublimite, 3 Regime normal, 4 MEI
             * @enum {number}
             */
            regime_tributario: 1 | 2 | 3 | 4;
            endereco: components["schemas"]["EnderecoEmpresaDto"];
            /** @example 3550308 */
            codigo_municipio: string;
            /**
             * @description Provedor de NFS-e (padrão: o do município; municípios fora da tabela: nacional). MEI (regime_tributario 4): sempre nacional
             * @enum {string|null}
             */
            provedor_nfse?: "nacional" | "abrasf-2.04" | null;
            /**
             * @description Regime normal (regime_tributario 3): apuração do PIS/COFINS, que dá as alíquotas na NF-e: cumulativa (lucro presumido: 0,65% e 3%, o padrão) ou nao_cumulativa (lucro real: 1,65% e 7,6%)
             * @enum {string|null}
             */
            apuracao_pis_cofins?: "cumulativa" | "nao_cumulativa" | null;
            telefone?: string | null;
            email?: string | null;
        };
        EnderecoEmpresaResposta: {
            /**
             * @description 8 dígitos, como a SEFAZ o escreve
             * @example 01310100
             */
            cep: string;
            /** @example Avenida Paulista */
            logradouro: string;
            /** @example 1000 */
            numero: string;
            /** @example Bela Vista */
            bairro: string;
            /** @example São Paulo */
            municipio: string;
            /** @example SP */
            uf: string;
            /** @example null */
            complemento: string | null;
        };
        CertificadoInstaladoResposta: {
            /** @example EMPRESA EXEMPLO LTDA */
            titular: string;
            /** @example 12345678000195 */
            cnpj: string;
            /** @example 2026-11-24T09:30:00-03:00 */
            valido_de: string;
            /** @example 2027-11-24T09:30:00-03:00 */
            valido_ate: string;
        };
        EmpresaResposta: {
            /** @example 12345678000195 */
            cnpj: string;
            /** @example Empresa Exemplo Ltda */
            razao_social: string;
            nome_fantasia: string | null;
            /** @example 111222330446 */
            inscricao_estadual: string | null;
            inscricao_municipal: string | null;
            /**
             * @example 3
             * @enum {integer}
             */
            regime_tributario: 1 | 2 | 3 | 4;
            endereco: components["schemas"]["EnderecoEmpresaResposta"];
            /** @example 3550308 */
            codigo_municipio: string;
            telefone: string | null;
            /** @example fiscal@empresaexemplo.com.br */
            email: string | null;
            /**
             * @description Provedor de NFS-e em vigor
             * @example abrasf-2.04
             * @enum {string}
             */
            provedor_nfse: "nacional" | "abrasf-2.04";
            /**
             * @description Apuração do PIS/COFINS em vigor no regime normal (regime_tributario 3); null nos demais
             * @example cumulativa
             * @enum {string|null}
             */
            apuracao_pis_cofins: "cumulativa" | "nao_cumulativa" | null;
            /** @description null antes do envio do certificado */
            certificado: components["schemas"]["CertificadoInstaladoResposta"] | null;
            /** @example 2026-11-24T09:30:00-03:00 */
            created_at: string;
        };
        AtualizarEmpresaDto: {
            /**
             * @description CNPJ (numérico ou alfanumérico), com ou sem pontuação
             * @example 12345678000195
             */
            cnpj?: string;
            razao_social?: string;
            nome_fantasia?: string | null;
            inscricao_estadual?: string | null;
            inscricao_municipal?: string | null;
            /**
             * @description 1 Simples Nacional, 2 Simples excesso de sublimite, 3 Regime normal, 4 MEI
             * @enum {number}
             */
            regime_tributario?: 1 | 2 | 3 | 4;
            endereco?: components["schemas"]["EnderecoEmpresaDto"];
            /** @example 3550308 */
            codigo_municipio?: string;
            /**
             * @description Provedor de NFS-e (padrão: o do município; municípios fora da tabela: nacional). MEI (regime_tributario 4): sempre nacional
             * @enum {string|null}
             */
            provedor_nfse?: "nacional" | "abrasf-2.04" | null;
            /**
             * @description Regime normal (regime_tributario 3): apuração do PIS/COFINS, que dá as alíquotas na NF-e: cumulativa (lucro presumido: 0,65% e 3%, o padrão) ou nao_cumulativa (lucro real: 1,65% e 7,6%)
             * @enum {string|null}
             */
            apuracao_pis_cofins?: "cumulativa" | "nao_cumulativa" | null;
            telefone?: string | null;
            email?: string | null;
        };
        EnviarCertificadoDto: {
            /** @description Arquivo PKCS#12 (.pfx/.p12) em base64 */
            pfx: string;
            /** @description Senha do PFX */
            senha: string;
        };
        RequisitoNfeResposta: {
            /** @example Certificado digital A1 válido */
            descricao: string;
            /** @example true */
            atendido: boolean;
        };
        EmpresaNfeResposta: {
            /** @example 12345678000195 */
            cnpj: string;
            /** @example 1 */
            nfe_serie_padrao: number;
            /**
             * @example homologacao
             * @enum {string}
             */
            nfe_ambiente: "homologacao" | "producao";
            /**
             * @description Apta a emitir em produção (todos os requisitos atendidos)
             * @example true
             */
            emite_nfe: boolean;
            /** @example true */
            emite_nfe_sandbox: boolean;
            requisitos_nfe: components["schemas"]["RequisitoNfeResposta"][];
        };
        AtualizarEmpresaNfeDto: {
            /** @description Série padrão (0 a 889; 890+ são séries reservadas) */
            nfe_serie_padrao?: number | null;
            /** @enum {string|null} */
            nfe_ambiente?: "homologacao" | "producao" | null;
            /** @description Obrigatório (true) para mudar para produção */
            confirmar_producao?: boolean | null;
        };
        CriarMercadoriaDto: {
            nome: string;
            ncm: string;
            unidade_comercial: string;
            valor: string;
            cfop_interestadual?: string | null;
            cfop_interno?: string | null;
            descricao?: string | null;
            /** @description Código Especificador da Substituição Tributária, 7 dígitos. Obrigatório no item com ICMS-ST (cst_icms 10, 30, 60, 70; csosn 201, 202, 203, 500): sem ele, 422 (a SEFAZ rejeita com 806) */
            cest?: string | null;
            origem?: number | null;
            /** @enum {string|null} */
            cst_icms?: "00" | "10" | "20" | "30" | "40" | "41" | "50" | "51" | "60" | "70" | "90" | null;
            /** @enum {string|null} */
            csosn?: "101" | "102" | "103" | "201" | "202" | "203" | "300" | "400" | "500" | "900" | null;
            /** @description Fração: 0.18 significa 18%. Nas CSOSN 101 e 201 (Simples Nacional) é a alíquota do crédito que o comprador pode aproveitar (pCredSN, LC 123/2006 art. 23), não a do ICMS; na 201 o ICMS próprio deduzido do ICMS-ST é o da alíquota interna da UF (ou a interestadual), da tabela. Numa saída interestadual (finalidade 1) não pode passar da alíquota interestadual (4% para importada, origem 1, 2, 3 ou 8; 7% ou 12% pela rota), e a que uma mercadoria do catálogo preenche é trocada por ela. */
            aliquota_icms?: string | null;
            /** @description Alternativa a aliquota_icms, em percentual (18 significa 18%) */
            aliquota_icms_percent?: string | null;
            /** @enum {string|null} */
            cst_pis?: "01" | "04" | "05" | "06" | "07" | "08" | "09" | "49" | "50" | "51" | "52" | "53" | "54" | "55" | "56" | "60" | "61" | "62" | "63" | "64" | "65" | "66" | "67" | "70" | "71" | "72" | "73" | "74" | "75" | "98" | "99" | null;
            /** @enum {string|null} */
            cst_cofins?: "01" | "04" | "05" | "06" | "07" | "08" | "09" | "49" | "50" | "51" | "52" | "53" | "54" | "55" | "56" | "60" | "61" | "62" | "63" | "64" | "65" | "66" | "67" | "70" | "71" | "72" | "73" | "74" | "75" | "98" | "99" | null;
            padrao?: boolean;
            /** @example CAMISETA-P */
            codigo: string;
        };
        MercadoriaCadastradaResposta: {
            /** @example PAR-M8 */
            codigo: string;
            /** @example Parafuso sextavado M8 */
            nome: string;
            /** @example 73181500 */
            ncm: string;
            /** @example 6102 */
            cfop_interestadual?: string;
            /** @example UN */
            unidade_comercial: string;
            /** @example 10.00 */
            valor: string;
            /** @example false */
            padrao: boolean;
            /** @example 2026-11-24T09:30:00-03:00 */
            created_at: string;
            /** @example 2026-11-24T09:30:00-03:00 */
            updated_at: string;
            descricao?: string;
            cest?: string;
            /** @example 5102 */
            cfop_interno?: string;
            /** @example 0 */
            origem?: number;
            /** @example 00 */
            cst_icms?: string;
            csosn?: string;
            /**
             * @description Fração
             * @example 0.18
             */
            aliquota_icms?: string;
            /**
             * @description Percentual
             * @example 18
             */
            aliquota_icms_percent?: string;
            /** @example 01 */
            cst_pis?: string;
            /** @example 01 */
            cst_cofins?: string;
        };
        AtualizarMercadoriaDto: {
            nome?: string;
            ncm?: string;
            unidade_comercial?: string;
            valor?: string;
            cfop_interestadual?: string | null;
            cfop_interno?: string | null;
            descricao?: string | null;
            /** @description Código Especificador da Substituição Tributária, 7 dígitos. Obrigatório no item com ICMS-ST (cst_icms 10, 30, 60, 70; csosn 201, 202, 203, 500): sem ele, 422 (a SEFAZ rejeita com 806) */
            cest?: string | null;
            origem?: number | null;
            /** @enum {string|null} */
            cst_icms?: "00" | "10" | "20" | "30" | "40" | "41" | "50" | "51" | "60" | "70" | "90" | null;
            /** @enum {string|null} */
            csosn?: "101" | "102" | "103" | "201" | "202" | "203" | "300" | "400" | "500" | "900" | null;
            /** @description Fração: 0.18 significa 18%. Nas CSOSN 101 e 201 (Simples Nacional) é a alíquota do crédito que o comprador pode aproveitar (pCredSN, LC 123/2006 art. 23), não a do ICMS; na 201 o ICMS próprio deduzido do ICMS-ST é o da alíquota interna da UF (ou a interestadual), da tabela. Numa saída interestadual (finalidade 1) não pode passar da alíquota interestadual (4% para importada, origem 1, 2, 3 ou 8; 7% ou 12% pela rota), e a que uma mercadoria do catálogo preenche é trocada por ela. */
            aliquota_icms?: string | null;
            /** @description Alternativa a aliquota_icms, em percentual (18 significa 18%) */
            aliquota_icms_percent?: string | null;
            /** @enum {string|null} */
            cst_pis?: "01" | "04" | "05" | "06" | "07" | "08" | "09" | "49" | "50" | "51" | "52" | "53" | "54" | "55" | "56" | "60" | "61" | "62" | "63" | "64" | "65" | "66" | "67" | "70" | "71" | "72" | "73" | "74" | "75" | "98" | "99" | null;
            /** @enum {string|null} */
            cst_cofins?: "01" | "04" | "05" | "06" | "07" | "08" | "09" | "49" | "50" | "51" | "52" | "53" | "54" | "55" | "56" | "60" | "61" | "62" | "63" | "64" | "65" | "66" | "67" | "70" | "71" | "72" | "73" | "74" | "75" | "98" | "99" | null;
            padrao?: boolean;
            codigo?: string | null;
        };
        EnderecoNotaDto: {
            cep: string;
            logradouro: string;
            numero: string;
            bairro: string;
            municipio: string;
            /** @example SP */
            uf: string;
            complemento?: string | null;
        };
        DestinatarioDto: {
            razao_social: string;
            /** @description CPF ou CNPJ (com ou sem pontuação) */
            cpf_cnpj: string;
            /**
             * @description 1 contribuinte ICMS, 2 contribuinte isento, 9 não contribuinte
             * @enum {number}
             */
            indicador_ie: 1 | 2 | 9;
            endereco: components["schemas"]["EnderecoNotaDto"];
            /** @description 2 a 14 dígitos (com ou sem pontuação); obrigatória com indicador_ie 1 */
            inscricao_estadual?: string | null;
            email?: string | null;
            /** @description 6 a 14 dígitos com DDD (com ou sem pontuação) */
            telefone?: string | null;
            /** @description Código IBGE do município do endereço (cMun). Sem ele, o da empresa quando o endereço é no município dela; senão obrigatório */
            codigo_municipio?: string | null;
        };
        ItemDto: {
            /** @description Sempre obrigatória, também com codigo_produto */
            quantidade: string;
            /** @description Código de uma mercadoria cadastrada: preenche os campos fiscais */
            codigo_produto?: string | null;
            codigo?: string | null;
            descricao?: string | null;
            ncm?: string | null;
            /** @description Código Especificador da Substituição Tributária, 7 dígitos. Obrigatório no item com ICMS-ST (cst_icms 10, 30, 60, 70; csosn 201, 202, 203, 500): sem ele, 422 (a SEFAZ rejeita com 806) */
            cest?: string | null;
            cfop?: string | null;
            unidade_comercial?: string | null;
            valor_unitario?: string | null;
            valor_desconto?: string | null;
            origem?: number | null;
            /** @enum {string|null} */
            cst_icms?: "00" | "10" | "20" | "30" | "40" | "41" | "50" | "51" | "60" | "70" | "90" | null;
            /**
             * @description Simples Nacional e MEI (padrão 102). Numa saída para não contribuinte do ICMS (indicador_ie 9) só 102, 103, 300, 400 ou 500: as outras passam crédito ou cobram ST de quem não pode (422; a SEFAZ rejeita com 600), salvo CFOP de conserto (5915, 5916, 6915, 6916) e demonstração (5912, 5913)
             * @enum {string|null}
             */
            csosn?: "101" | "102" | "103" | "201" | "202" | "203" | "300" | "400" | "500" | "900" | null;
            /** @description Fração: 0.18 significa 18%. Nas CSOSN 101 e 201 (Simples Nacional) é a alíquota do crédito que o comprador pode aproveitar (pCredSN, LC 123/2006 art. 23), não a do ICMS; na 201 o ICMS próprio deduzido do ICMS-ST é o da alíquota interna da UF (ou a interestadual), da tabela. Numa saída interestadual (finalidade 1) não pode passar da alíquota interestadual (4% para importada, origem 1, 2, 3 ou 8; 7% ou 12% pela rota), e a que uma mercadoria do catálogo preenche é trocada por ela. */
            aliquota_icms?: string | null;
            /** @enum {string|null} */
            cst_pis?: "01" | "04" | "05" | "06" | "07" | "08" | "09" | "49" | "50" | "51" | "52" | "53" | "54" | "55" | "56" | "60" | "61" | "62" | "63" | "64" | "65" | "66" | "67" | "70" | "71" | "72" | "73" | "74" | "75" | "98" | "99" | null;
            /** @enum {string|null} */
            cst_cofins?: "01" | "04" | "05" | "06" | "07" | "08" | "09" | "49" | "50" | "51" | "52" | "53" | "54" | "55" | "56" | "60" | "61" | "62" | "63" | "64" | "65" | "66" | "67" | "70" | "71" | "72" | "73" | "74" | "75" | "98" | "99" | null;
            /** @enum {string|null} */
            cst_ipi?: "00" | "01" | "02" | "03" | "04" | "05" | "49" | "50" | "51" | "52" | "53" | "54" | "55" | "99" | null;
            /** @description Fração: 0.05 significa 5% */
            aliquota_ipi?: string | null;
            /** @description CST 20 e 70: redução da base do ICMS (pRedBC), fração */
            reducao_base_calculo_icms?: string | null;
            /** @description ICMS-ST (CST 10, 30, 70; CSOSN 201, 202, 203): margem de valor agregado (pMVAST), fração (até 9.99), aplicada como enviada: numa venda interestadual, a MVA ajustada que o acordo da mercadoria pede */
            mva_icms_st?: string | null;
            /** @description Alíquota do ICMS-ST (pICMSST), fração */
            aliquota_icms_st?: string | null;
            /** @description Redução da base do ICMS-ST (pRedBCST), fração */
            reducao_base_calculo_icms_st?: string | null;
            /**
             * @description CST do IBS/CBS (NT 2025.002): 000, 200 (alíquota reduzida: a redução vem do cClassTrib, no grupo gRed) ou 410 (400 não tem cClassTrib para NF-e)
             * @enum {string|null}
             */
            cst_ibs_cbs?: "000" | "200" | "410" | null;
            /** @description cClassTrib do IBS/CBS, da tabela oficial para NF-e; começa pelo CST */
            classificacao_tributaria_ibs_cbs?: string | null;
            /** @description DIFAL: alíquota interna da UF de destino para o item, fração (padrão: tabela da UF) */
            aliquota_icms_uf_destino?: string | null;
            /** @description DIFAL: FCP da UF de destino para o item, fração (padrão: tabela da UF) */
            aliquota_fcp_uf_destino?: string | null;
        };
        CartaoDto: {
            /**
             * @description 1 integrado (TEF, e-commerce, POS integrado); 2 não integrado (POS)
             * @enum {number}
             */
            tipo_integracao: 1 | 2;
            cnpj_credenciadora?: string | null;
            /** @enum {string|null} */
            bandeira?: "10" | "11" | "12" | "13" | "14" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "99" | "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | null;
            codigo_autorizacao?: string | null;
            cnpj_recebedor?: string | null;
            id_terminal?: string | null;
        };
        PagamentoDto: {
            /** @enum {string} */
            forma_pagamento: "10" | "11" | "12" | "13" | "14" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "90" | "91" | "99" | "01" | "02" | "03" | "04" | "05";
            valor: string;
            /**
             * @description 0 à vista, 1 a prazo
             * @enum {number|null}
             */
            indicador_pagamento?: 0 | 1 | null;
            data?: string | null;
            /** @description Obrigatória com forma_pagamento 99 */
            descricao?: string | null;
            cnpj_transacional?: string | null;
            uf_transacional?: string | null;
            cartao?: components["schemas"]["CartaoDto"] | null;
        };
        IntermediadorDto: {
            cnpj: string;
            /** @description Usuário ou perfil do vendedor na plataforma */
            identificador_cadastro: string;
        };
        DocumentoReferenciadoDto: {
            /** @example 35261011222333000181550010000000031123456780 */
            chave_acesso: string;
        };
        CriarNotaDto: {
            codigo_externo: string;
            natureza_operacao: string;
            /** @description Série (0 a 889; 890+ são séries reservadas: avulsa e contingência) */
            serie?: number | null;
            /**
             * @description 0 entrada, 1 saída (padrão)
             * @enum {number|null}
             */
            tipo_operacao?: 0 | 1 | null;
            /**
             * @description 1 normal, 2 complementar, 3 ajuste, 4 devolução
             * @enum {number|null}
             */
            finalidade?: 1 | 2 | 3 | 4 | null;
            indicador_consumidor_final?: boolean | null;
            /**
             * @description 1, 2, 3, 4 ou 9 quando intermediador é informado
             * @enum {number|null}
             */
            indicador_presenca?: 0 | 1 | 2 | 3 | 4 | 5 | 9 | null;
            /** @description Vai em infCpl. Numa empresa do Simples Nacional ou MEI vem depois das declarações que a Res. CGSN 140/2018 (art. 59) exige em todo documento ("DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL"; "NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI"; acima do sublimite, CRT 2, também o impedimento de recolher ICMS/ISS pelo Simples), e cabe no que elas deixam dos 5000 caracteres de infCpl */
            informacoes_complementares?: string | null;
            /** @description Data (ou data e hora com fuso) de saída ou entrada: até 30 dias antes ou depois da emissão (SEFAZ 504/505); numa nota de saída, não antes do dia da emissão, e no próprio dia a saída é a hora da emissão (SEFAZ 506) */
            data_saida?: string | null;
            destinatario: components["schemas"]["DestinatarioDto"];
            /** @description Até 990 itens (o leiaute da NF-e), e a NF-e assinada precisa caber nos 500 KB de uma mensagem à SEFAZ: na prática, de 500 a 600 itens simples, menos com descrições e grupos longos (acima disso, 422 antes de numerar) */
            itens: components["schemas"]["ItemDto"][];
            pagamentos?: components["schemas"]["PagamentoDto"][] | null;
            troco?: string | null;
            intermediador?: components["schemas"]["IntermediadorDto"] | null;
            /** @description NF-e referenciadas (NFref); obrigatório para finalidade 2, 3 e 4 */
            documentos_referenciados?: components["schemas"]["DocumentoReferenciadoDto"][] | null;
        };
        TotaisNotaResposta: {
            /** @example 100.00 */
            valor_produtos: string;
            /** @example 0.00 */
            valor_frete: string;
            /** @example 0.00 */
            valor_seguro: string;
            /** @example 0.00 */
            valor_desconto: string;
            /** @example 0.00 */
            valor_outras_despesas: string;
            /** @example 100.00 */
            valor_bc_icms: string;
            /** @example 18.00 */
            valor_icms: string;
            /** @example 0.00 */
            valor_bc_icms_st: string;
            /** @example 0.00 */
            valor_icms_st: string;
            /** @example 0.00 */
            valor_ipi: string;
            /** @example 0.53 */
            valor_pis: string;
            /** @example 2.46 */
            valor_cofins: string;
            /** @example 0.00 */
            valor_ii: string;
            /** @example 100.00 */
            valor_total: string;
        };
        ItemNotaResposta: {
            /** @example 1 */
            numero_item: number;
            /** @example Parafuso sextavado M8 */
            descricao: string;
            /** @example 73181500 */
            ncm: string;
            /** @example 5102 */
            cfop: string;
            /** @example UN */
            unidade_comercial: string;
            /** @example 10 */
            quantidade: string;
            /** @example 10.00 */
            valor_unitario: string;
            /** @example 100.00 */
            valor_total: string;
            /** @example 0.00 */
            valor_desconto: string;
            /** @example PAR-M8 */
            codigo?: string;
            cest?: string;
            origem?: number;
            /** @example 00 */
            cst_icms?: string;
            csosn?: string;
            /**
             * @description Fração: 0.18 significa 18%. Nas CSOSN 101 e 201 (Simples Nacional) é a alíquota do crédito que o comprador pode aproveitar (pCredSN, LC 123/2006 art. 23), não a do ICMS; na 201 o ICMS próprio deduzido do ICMS-ST é o da alíquota interna da UF (ou a interestadual), da tabela. Numa saída interestadual (finalidade 1) não pode passar da alíquota interestadual (4% para importada, origem 1, 2, 3 ou 8; 7% ou 12% pela rota), e a que uma mercadoria do catálogo preenche é trocada por ela.
             * @example 0.18
             */
            aliquota_icms?: string;
            /** @example 01 */
            cst_pis?: string;
            /** @example 01 */
            cst_cofins?: string;
            cst_ipi?: string;
            /**
             * @description Fração
             * @example 100.00
             */
            aliquota_ipi?: string;
        };
        CartaoNotaResposta: {
            /** @enum {integer} */
            tipo_integracao?: 1 | 2;
            cnpj_credenciadora?: string;
            bandeira?: string;
            codigo_autorizacao?: string;
            cnpj_recebedor?: string;
            id_terminal?: string;
        };
        PagamentoNotaResposta: {
            /** @example 01 */
            forma_pagamento?: string;
            /** @example 100.00 */
            valor?: string;
            /** @enum {integer} */
            indicador_pagamento?: 0 | 1;
            data?: string;
            descricao?: string;
            cnpj_transacional?: string;
            uf_transacional?: string;
            cartao?: components["schemas"]["CartaoNotaResposta"];
        };
        EnderecoNotaResposta: {
            /**
             * @description 8 dígitos, como a SEFAZ o escreve
             * @example 01310100
             */
            cep: string;
            /** @example Avenida Paulista */
            logradouro: string;
            /** @example 1000 */
            numero: string;
            /** @example Bela Vista */
            bairro: string;
            /** @example São Paulo */
            municipio: string;
            /** @example SP */
            uf: string;
            complemento?: string;
        };
        DestinatarioNotaResposta: {
            /** @example Comércio de Ferragens Ltda */
            razao_social: string;
            /** @example 11222333000181 */
            cpf_cnpj: string;
            endereco: components["schemas"]["EnderecoNotaResposta"];
            email?: string;
            telefone?: string;
            /** @enum {integer} */
            indicador_ie?: 1 | 2 | 9;
            inscricao_estadual?: string;
        };
        LinksNotaResposta: {
            /**
             * Format: uri
             * @example http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/xml
             */
            xml: string;
            /**
             * Format: uri
             * @example http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/danfe
             */
            danfe: string;
        };
        IntermediadorNotaResposta: {
            /** @example 22333444000150 */
            cnpj: string;
            /** @example loja-ferragens-123 */
            identificador_cadastro: string;
        };
        StatusSefazNotaResposta: {
            /**
             * @description cStat da SEFAZ (`transmissao` quando a SEFAZ não pôde receber a nota)
             * @example 100
             */
            codigo: string;
            /** @example Autorizado o uso da NF-e */
            motivo: string;
        };
        ContingenciaNotaResposta: {
            /**
             * @example svc_an
             * @enum {string}
             */
            tipo: "svc_an" | "svc_rs";
            /** @example SEFAZ SP indisponível */
            motivo: string;
            /** @example 2026-11-24T09:30:00-03:00 */
            inicio: string;
        };
        NotaNfeResposta: {
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            uuid: string;
            /** @example PEDIDO-1001 */
            codigo_externo: string;
            /** @example 1 */
            numero: number;
            /** @example 1 */
            serie: number;
            /** @example 55 */
            modelo: string;
            /** @example Venda de mercadoria */
            natureza_operacao: string;
            /**
             * @example pendente
             * @enum {string}
             */
            situacao: "pendente" | "em_processamento" | "autorizada" | "rejeitada" | "denegada" | "cancelamento_solicitado" | "cancelada" | "inutilizada";
            /** @example 2026-11-24T09:30:00-03:00 */
            data_emissao: string;
            /** @example 2026-11-24T09:30:00-03:00 */
            data_saida?: string;
            /** @example 2026-11-24T09:30:00-03:00 */
            data_autorizacao?: string;
            /** @example 2026-11-24T09:30:00-03:00 */
            data_cancelamento?: string;
            /**
             * @example 1
             * @enum {integer}
             */
            finalidade: 1 | 2 | 3 | 4;
            /**
             * @example saida
             * @enum {string}
             */
            tipo_operacao: "entrada" | "saida";
            /** @example 1 */
            indicador_presenca: number;
            /** @example false */
            indicador_consumidor_final: boolean;
            informacoes_complementares?: string;
            /** @example 35261112345678000195550010000000011123456780 */
            chave_acesso: string;
            /** @example 135260000000001 */
            protocolo_autorizacao?: string;
            protocolo_cancelamento?: string;
            motivo_cancelamento?: string;
            totais: components["schemas"]["TotaisNotaResposta"];
            itens: components["schemas"]["ItemNotaResposta"][];
            pagamentos?: components["schemas"]["PagamentoNotaResposta"][];
            /** @example 100.00 */
            troco?: string;
            destinatario: components["schemas"]["DestinatarioNotaResposta"];
            links: components["schemas"]["LinksNotaResposta"];
            intermediador?: components["schemas"]["IntermediadorNotaResposta"];
            /**
             * Format: uuid
             * @description A nota que reemitiu esta (rejeitada)
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            reemitida_uuid?: string;
            /**
             * Format: uuid
             * @description A nota rejeitada que esta reemite
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            reemitida_de_uuid?: string;
            /** @description Só na consulta, depois da resposta da SEFAZ */
            status_sefaz?: components["schemas"]["StatusSefazNotaResposta"];
            /** @description Só na consulta, de uma nota emitida em contingência SVC */
            contingencia?: components["schemas"]["ContingenciaNotaResposta"];
        };
        CancelamentoSolicitadoResposta: {
            /** @example Cancelamento solicitado */
            message: string;
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            uuid: string;
        };
        InutilizarNotaDto: {
            justificativa: string;
        };
        CriarInutilizacaoDto: {
            serie: number;
            numero_inicial: number;
            numero_final: number;
            justificativa: string;
        };
        InutilizacaoFaixaResposta: {
            /** @example Inutilização homologada */
            message: string;
            /** @example 1 */
            serie: number;
            /** @example 10 */
            numero_inicial: number;
            /** @example 12 */
            numero_final: number;
            /** @example 135260000000002 */
            protocolo: string;
        };
        CriarCartaCorrecaoDto: {
            /** @description Texto da correção (evento 110110) */
            correcao: string;
        };
        CartaCorrecaoSolicitadaResposta: {
            /** @example Carta de correção solicitada */
            message: string;
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            uuid: string;
            /** @example 1 */
            sequencia: number;
        };
        CartaCorrecaoNotaResposta: {
            /** @example 1 */
            sequencia: number;
            /** @example Onde se lê quantidade 10, leia-se quantidade 12 no item 1 */
            correcao: string;
            /**
             * @example autorizada
             * @enum {string}
             */
            situacao: "pendente" | "autorizada" | "rejeitada";
            protocolo?: string;
            /** @example 2026-11-24T09:30:00-03:00 */
            data_evento?: string;
            status_sefaz?: components["schemas"]["StatusSefazNotaResposta"];
        };
        ContingenciaResposta: {
            /** @enum {string} */
            tipo: "svc_an" | "svc_rs";
            /**
             * Format: date-time
             * @example 2026-11-24T12:30:00.000Z
             */
            inicio: string;
        };
        StatusAutorizadorResposta: {
            /** @example SP */
            uf: string;
            /**
             * @example homologacao
             * @enum {string}
             */
            ambiente: "producao" | "homologacao";
            /** @example SP */
            autorizador: string;
            /** @example true */
            disponivel: boolean;
            /** @description null fora de contingência */
            contingencia: components["schemas"]["ContingenciaResposta"] | null;
            /**
             * Format: date-time
             * @example 2026-11-24T12:30:00.000Z
             */
            verificado_em: string;
        };
        TributosAproximadosDto: {
            /**
             * @description Tributos federais aproximados: fração do valor do serviço, de 0 a 0.9999, até 4 casas
             * @example 0.1345
             */
            federal: string;
            /**
             * @description Tributos estaduais aproximados: fração do valor do serviço, de 0 a 0.9999, até 4 casas
             * @example 0
             */
            estadual: string;
            /**
             * @description Tributos municipais aproximados: fração do valor do serviço, de 0 a 0.9999, até 4 casas
             * @example 0.05
             */
            municipal: string;
        };
        ServicoNfseDto: {
            /**
             * @description CNAE (7 dígitos, com ou sem pontuação)
             * @example 6201501
             */
            codigo_cnae?: string | null;
            /**
             * @description Item da lista de serviços (LC 116/2003). No Sistema Nacional vira o cTribNac (item, subitem, desdobro 01), que deve estar na lista de serviços nacional; não são aceitos os que exigem da DPS o grupo obra (construção: 07.02, 07.04 a 07.08, 07.17, 07.19) ou atvEvento (item 12) ou tribISSQN 4 (99.01), e os devidos no estabelecimento do tomador (17.05) exigem o endereço dele
             * @example 01.07
             */
            codigo_item_lista: string;
            descricao?: string | null;
        };
        EnderecoTomadorDto: {
            cep: string;
            logradouro: string;
            numero: string;
            bairro: string;
            municipio: string;
            /** @example SP */
            uf: string;
            complemento?: string | null;
        };
        TomadorDto: {
            razao_social: string;
            /** @description CPF ou CNPJ (com ou sem pontuação); identifica o tomador dentro da empresa */
            cpf_cnpj: string;
            inscricao_municipal?: string | null;
            telefone?: string | null;
            email?: string | null;
            /** @description Código IBGE do município do endereço. Sem ele, o da empresa quando o endereço é no município dela; no Sistema Nacional, obrigatório com endereço em outro município */
            codigo_municipio?: string | null;
            endereco?: components["schemas"]["EnderecoTomadorDto"] | null;
        };
        CriarNotaNfseDto: {
            codigo_externo: string;
            /** @description Valor dos serviços (mínimo 0), como "1500.00" */
            valor_servicos: string;
            /** @example 115021000 */
            nbs_codigo?: string | null;
            /**
             * @description CST do IBS/CBS, o do nbs_ct; outro que não 000 exige nbs_ct (conferido em qualquer provedor). Sistema Nacional: sem ele a DPS leva o CST do nbs_ct (ou 000 sem nenhum dos dois)
             * @example 000
             */
            nbs_cst?: string | null;
            /**
             * @description cClassTrib da tabela oficial permitido em NFS-e e vigente na data (ex.: 200028 educação, 60 % de redução; 410999 sem IBS/CBS devido), conferido em qualquer provedor; o Sistema Nacional calcula as alíquotas efetivas da NFS-e por ele (o leiaute ABRASF 2.04 não o leva)
             * @example 000001
             */
            nbs_ct?: string | null;
            /**
             * @description Sistema Nacional: indicador da operação (cIndOp) do grupo IBSCBS; obrigatório quando nbs_cst ou nbs_ct é enviado
             * @example 030101
             */
            nbs_indop?: string | null;
            /** @description Fração: alíquota do Simples Nacional da empresa (0.06 significa 6%); para ME/EPP (regime_tributario 1 ou 2) no Sistema Nacional vai em pTotTribSN da DPS. Sem ela nem tributos_aproximados, a DPS declara em pTotTrib só o ISS da nota. No Sistema Nacional, 422 se a empresa não é ME/EPP ou se vem junto de tributos_aproximados (a DPS leva um só grupo, Anexo I E0712) */
            aliquota_simples_nacional?: string | null;
            /** @description Tributos aproximados (Lei 12.741/2012), frações do valor do serviço: no Sistema Nacional vão em pTotTrib da DPS, em qualquer regime. Sem eles a DPS declara em pTotTrib só o ISS da nota (a alíquota do catálogo; 0 % federal e estadual), salvo o MEI (indTotTrib 0) e a ME/EPP que envia aliquota_simples_nacional (pTotTribSN) */
            tributos_aproximados?: components["schemas"]["TributosAproximadosDto"] | null;
            /** @description O tomador retém o ISS (LC 116/2003, art. 6º): iss.valor_liquido é o valor do serviço menos o ISS; na DPS tpRetISSQN 2, no RPS ABRASF IssRetido 1 e ResponsavelRetencao 1 (tomador). No Sistema Nacional exige o endereço do tomador (Anexo I E0237). Recusado (422) para o MEI (E0583), para ME/EPP com o ISS no Simples (regime_tributario 1: a retenção seria pela alíquota da faixa da empresa, LC 123/2006, art. 21, §4º, que a API não recebe) e para o serviço 22.01 (E0596). Ausente ou false: sem retenção */
            iss_retido?: boolean | null;
            servico: components["schemas"]["ServicoNfseDto"];
            tomador: components["schemas"]["TomadorDto"];
            /** @description Discriminação do serviço (padrão: descrição do serviço) */
            descricao?: string | null;
            observacoes?: string | null;
        };
        IssNfseResposta: {
            /** @example 1000.00 */
            valor_liquido?: string;
            /** @example 1000.00 */
            base_calculo?: string;
            /** @example 50.00 */
            valor_iss?: string;
            /**
             * @description Fração
             * @example 0.05
             */
            aliquota_iss?: string;
        };
        RpsNfseResposta: {
            /**
             * @example pendente
             * @enum {string}
             */
            situacao?: "pendente" | "enviado" | "processado_com_sucesso" | "processado_com_erro";
            /** @example 1 */
            numero?: number;
            /** @example 1 */
            serie?: string;
            /**
             * @description ABRASF: 1 (RPS); Sistema Nacional: DPS
             * @example 1
             */
            tipo?: string;
            /**
             * @description Data e hora de emissão do RPS/DPS, com o fuso da empresa
             * @example 2026-11-24T10:15:30-03:00
             */
            data_emissao?: string;
        };
        SituacaoNfseResposta: {
            /**
             * @example emitida
             * @enum {string}
             */
            situacao?: "pendente" | "emitida" | "cancelamento_solicitado" | "cancelada";
            /** @example 202600000000001 */
            numero?: string;
            /** @example A1B2C3D4 */
            codigo_verificacao?: string;
            /**
             * @description Data e hora de emissão da NFS-e pela autoridade
             * @example 2026-11-24T10:15:32-03:00
             */
            data_emissao?: string;
        };
        TomadorNfseResposta: {
            /** @example Cliente Serviços Ltda */
            razao_social?: string;
            /** @example 11222333000181 */
            cpf_cnpj?: string;
            endereco?: components["schemas"]["EnderecoNotaResposta"];
            email?: string;
            telefone?: string;
        };
        ServicoNfseResposta: {
            /** @example 6201501 */
            codigo_cnae?: string;
            /** @example 01.07 */
            codigo_item_lista?: string;
            /** @example Suporte técnico em informática */
            descricao?: string;
        };
        NbsNfseResposta: {
            /** @example 115021000 */
            codigo?: string;
            /** @example 000 */
            cst?: string;
            /** @example 000001 */
            ct?: string;
            /** @example 030101 */
            indop?: string;
        };
        NfseResposta: {
            /** @example 1 */
            id: number;
            /** @example OS-2001 */
            codigo_externo: string;
            /** @example 1000.00 */
            valor_servicos: string;
            iss: components["schemas"]["IssNfseResposta"];
            rps: components["schemas"]["RpsNfseResposta"];
            nfse: components["schemas"]["SituacaoNfseResposta"];
            tomador: components["schemas"]["TomadorNfseResposta"];
            servico: components["schemas"]["ServicoNfseResposta"];
            nbs: components["schemas"]["NbsNfseResposta"];
            descricao?: string;
            observacoes?: string;
        };
        ErroAutoridadeNfseResposta: {
            /** @example E160 */
            codigo: string;
            /** @example Arquivo enviado com erro na assinatura. */
            mensagem: string;
            /** @example Assine o lote com o certificado A1 da empresa. */
            correcao?: string;
        };
        ErrosNotaNfseResposta: {
            /**
             * @example processado_com_erro
             * @enum {string}
             */
            rps_situacao: "pendente" | "enviado" | "processado_com_sucesso" | "processado_com_erro";
            /** @description As mensagens da autoridade; vazia se o RPS/DPS não foi recusado */
            erros: components["schemas"]["ErroAutoridadeNfseResposta"][];
            /**
             * @description Por que o último cancelamento de uma nota que segue emitida foi recusado: as mensagens da autoridade, ou do emissor quando o pedido nem saiu (certificado, município, leiaute); vazia se não houve recusa
             * @example []
             */
            cancelamento_erros: components["schemas"]["ErroAutoridadeNfseResposta"][];
        };
        CancelamentoNfseSolicitadoResposta: {
            /** @example Cancelamento solicitado */
            message: string;
            /** @example 1 */
            nota_fiscal_id: number;
        };
        CriarServicoMunicipalDto: {
            /**
             * @description CNAE (7 dígitos, com ou sem pontuação)
             * @example 6201501
             */
            codigo_cnae: string;
            /**
             * @description Item da lista de serviços (LC 116/2003)
             * @example 01.07
             */
            codigo_item_lista: string;
            descricao: string;
            /**
             * @description Alíquota do ISS como fração: 0.05 significa 5%, o máximo da LC 116/2003 (art. 8º, II); o mínimo é 0.02 (art. 8º-A), salvo os subitens 07.02, 07.05 e 16.01
             * @example 0.05
             */
            aliquota_iss: string;
        };
        ServicoMunicipalCadastradoResposta: {
            /** @example 3550308 */
            codigo_municipio: string;
            /** @example 6201501 */
            codigo_cnae: string;
            /** @example 01.07 */
            codigo_item_lista: string;
            /** @example Suporte técnico em informática */
            descricao: string;
            /**
             * @description Fração
             * @example 0.05
             */
            aliquota_iss: string;
        };
        CriarWebhookDto: {
            /**
             * @description URL que recebe os eventos (https em produção)
             * @example https://erp.exemplo.com.br/webhooks/nfe
             */
            url: string;
            /** @description Tipos de evento a receber; ausente = todos */
            eventos?: ("nfe_solicitacao_autorizacao" | "nfe_autorizada" | "nfe_rejeitada" | "nfe_denegada" | "nfe_solicitacao_cancelamento" | "nfe_cancelamento_autorizado" | "nfe_cancelamento_rejeitado" | "nfe_inutilizada" | "nfe_carta_correcao_autorizada" | "nfe_carta_correcao_rejeitada")[];
        };
        /** @enum {string} */
        TipoEventoNfe: "nfe_solicitacao_autorizacao" | "nfe_autorizada" | "nfe_rejeitada" | "nfe_denegada" | "nfe_solicitacao_cancelamento" | "nfe_cancelamento_autorizado" | "nfe_cancelamento_rejeitado" | "nfe_inutilizada" | "nfe_carta_correcao_autorizada" | "nfe_carta_correcao_rejeitada";
        WebhookCriadoComChaveResposta: {
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            id: string;
            /**
             * Format: uri
             * @example https://erp.exemplo.com.br/webhooks/nfe
             */
            url: string;
            /**
             * @example [
             *       "nfe_autorizada",
             *       "nfe_rejeitada"
             *     ]
             */
            eventos: components["schemas"]["TipoEventoNfe"][];
            /**
             * @description false depois de o receptor responder 410 Gone
             * @example true
             */
            ativo: boolean;
            /** @example null */
            desativado_motivo: string | null;
            /**
             * Format: date-time
             * @example 2026-11-24T12:30:00.000Z
             */
            created_at: string;
            /**
             * @description Chave HMAC-SHA256 das assinaturas; só aparece nesta resposta
             * @example whsec_3f1c2e...
             */
            chave_seguranca: string;
        };
        WebhookCadastradoResposta: {
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            id: string;
            /**
             * Format: uri
             * @example https://erp.exemplo.com.br/webhooks/nfe
             */
            url: string;
            /**
             * @example [
             *       "nfe_autorizada",
             *       "nfe_rejeitada"
             *     ]
             */
            eventos: components["schemas"]["TipoEventoNfe"][];
            /**
             * @description false depois de o receptor responder 410 Gone
             * @example true
             */
            ativo: boolean;
            /** @example null */
            desativado_motivo: string | null;
            /**
             * Format: date-time
             * @example 2026-11-24T12:30:00.000Z
             */
            created_at: string;
        };
        TentativaEntregaResposta: {
            /** @example 1 */
            numero: number;
            /**
             * Format: date-time
             * @example 2026-11-24T12:30:00.000Z
             */
            iniciada_em: string;
            /** @example 42 */
            duracao_ms: number;
            /**
             * @description null quando não houve resposta (tempo esgotado, conexão recusada)
             * @example 200
             */
            status_http: number | null;
            /** @example null */
            erro: string | null;
        };
        EntregaWebhookResposta: {
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            id: string;
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            webhook_id: string;
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            event_id: string;
            /** @example nfe_autorizada */
            evento: components["schemas"]["TipoEventoNfe"];
            /**
             * @example entregue
             * @enum {string}
             */
            situacao: "pendente" | "entregue" | "falhou" | "cancelada";
            /**
             * Format: date-time
             * @example 2026-11-24T12:30:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-24T12:30:00.000Z
             */
            entregue_em: string | null;
            /**
             * Format: date-time
             * @example null
             */
            proxima_tentativa_em: string | null;
            tentativas: components["schemas"]["TentativaEntregaResposta"][];
        };
        EventoNotaWebhook: {
            /**
             * Format: uuid
             * @description Igual em todas as entregas do mesmo evento (deduplique por ele)
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            event_id: string;
            /**
             * Format: date-time
             * @example 2026-11-24T12:30:00.000Z
             */
            occurred_at: string;
            /** @example false */
            sandbox: boolean;
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            uuid: string;
            /** @example PEDIDO-1001 */
            codigo_externo: string;
            /** @example 35261112345678000195550010000000011123456780 */
            chave_acesso: string;
            /** @example 1 */
            numero: number;
            /** @example 1 */
            serie: number;
            /** @example autorizada */
            situacao: string;
            status_sefaz?: components["schemas"]["StatusSefazNotaResposta"];
            /** @example 135260000000001 */
            protocolo?: string;
            /** Format: uri */
            xml_url?: string;
            /** Format: uri */
            danfe_url?: string;
            /** @description nfe_carta_correcao_*: nSeqEvento */
            sequencia?: number;
            /** @description nfe_carta_correcao_*: o texto da correção */
            correcao?: string;
        };
        EventoInutilizacaoNotaWebhook: {
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            event_id: string;
            /**
             * Format: date-time
             * @example 2026-11-24T12:30:00.000Z
             */
            occurred_at: string;
            /** @enum {string} */
            modo: "nota";
            sandbox: boolean;
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            uuid: string;
            chave_acesso: string;
            numero: number;
            serie: number;
            /** @example inutilizada */
            situacao: string;
            protocolo: string;
            /** Format: uri */
            xml_url: string;
            /** Format: uri */
            danfe_url: string;
        };
        EventoInutilizacaoFaixaWebhook: {
            /**
             * Format: uuid
             * @example 0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10
             */
            event_id: string;
            /**
             * Format: date-time
             * @example 2026-11-24T12:30:00.000Z
             */
            occurred_at: string;
            /** @enum {string} */
            modo: "faixa";
            sandbox: boolean;
            /** @example 1 */
            serie: number;
            protocolo: string;
            /** @example 10 */
            numero_inicial: number;
            /** @example 12 */
            numero_final: number;
            justificativa: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    Contas_criar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "nome": "Loja Exemplo"
                 *     }
                 */
                "application/json": components["schemas"]["CriarContaDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "nome": "Loja Exemplo",
                     *       "credenciais": {
                     *         "producao": {
                     *           "api_key": "prd_4f1e0c9b2a7d5e3f1a0b8c6d",
                     *           "api_secret": "N3q8Jw9c2QxZt4Vb7Lk1Pm0Rs5Tu6Wy8Az2Bc4De6Fg"
                     *         },
                     *         "sandbox": {
                     *           "api_key": "sbx_9a2c7e1f0b3d5a8c6e4f2b1d",
                     *           "api_secret": "X7p2Lq9Zr4Tw1Yb8Nc3Vd6Mf0Gh5Jk2Ls9Qa4Ws7Ed1"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ContaCriadaResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Empresas_listar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "cnpj": "12345678000195",
                     *         "razao_social": "Empresa Exemplo Ltda",
                     *         "nome_fantasia": null,
                     *         "inscricao_estadual": "111222330446",
                     *         "inscricao_municipal": null,
                     *         "regime_tributario": 3,
                     *         "endereco": {
                     *           "cep": "01310100",
                     *           "logradouro": "Avenida Paulista",
                     *           "numero": "1000",
                     *           "bairro": "Bela Vista",
                     *           "municipio": "São Paulo",
                     *           "uf": "SP",
                     *           "complemento": null
                     *         },
                     *         "codigo_municipio": "3550308",
                     *         "telefone": null,
                     *         "email": "fiscal@empresaexemplo.com.br",
                     *         "provedor_nfse": "abrasf-2.04",
                     *         "apuracao_pis_cofins": "cumulativa",
                     *         "certificado": {
                     *           "titular": "EMPRESA EXEMPLO LTDA",
                     *           "cnpj": "12345678000195",
                     *           "valido_de": "2026-11-24T09:30:00-03:00",
                     *           "valido_ate": "2027-11-24T09:30:00-03:00"
                     *         },
                     *         "created_at": "2026-11-24T09:30:00-03:00"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["EmpresaResposta"][];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Empresas_criar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "cnpj": "12345678000195",
                 *       "razao_social": "Empresa Exemplo Ltda",
                 *       "inscricao_estadual": "111222330446",
                 *       "regime_tributario": 3,
                 *       "endereco": {
                 *         "cep": "01310-100",
                 *         "logradouro": "Avenida Paulista",
                 *         "numero": "1000",
                 *         "bairro": "Bela Vista",
                 *         "municipio": "São Paulo",
                 *         "uf": "SP"
                 *       },
                 *       "codigo_municipio": "3550308",
                 *       "email": "fiscal@exemplo.com.br"
                 *     }
                 */
                "application/json": components["schemas"]["CriarEmpresaDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "cnpj": "12345678000195",
                     *       "razao_social": "Empresa Exemplo Ltda",
                     *       "nome_fantasia": null,
                     *       "inscricao_estadual": "111222330446",
                     *       "inscricao_municipal": null,
                     *       "regime_tributario": 3,
                     *       "endereco": {
                     *         "cep": "01310100",
                     *         "logradouro": "Avenida Paulista",
                     *         "numero": "1000",
                     *         "bairro": "Bela Vista",
                     *         "municipio": "São Paulo",
                     *         "uf": "SP",
                     *         "complemento": null
                     *       },
                     *       "codigo_municipio": "3550308",
                     *       "telefone": null,
                     *       "email": "fiscal@empresaexemplo.com.br",
                     *       "provedor_nfse": "abrasf-2.04",
                     *       "apuracao_pis_cofins": "cumulativa",
                     *       "certificado": {
                     *         "titular": "EMPRESA EXEMPLO LTDA",
                     *         "cnpj": "12345678000195",
                     *         "valido_de": "2026-11-24T09:30:00-03:00",
                     *         "valido_ate": "2027-11-24T09:30:00-03:00"
                     *       },
                     *       "created_at": "2026-11-24T09:30:00-03:00"
                     *     }
                     */
                    "application/json": components["schemas"]["EmpresaResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Empresas_atualizar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description CNPJ da empresa na conta, com ou sem pontuação */
                cnpj: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AtualizarEmpresaDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "cnpj": "12345678000195",
                     *       "razao_social": "Empresa Exemplo Ltda",
                     *       "nome_fantasia": null,
                     *       "inscricao_estadual": "111222330446",
                     *       "inscricao_municipal": null,
                     *       "regime_tributario": 3,
                     *       "endereco": {
                     *         "cep": "01310100",
                     *         "logradouro": "Avenida Paulista",
                     *         "numero": "1000",
                     *         "bairro": "Bela Vista",
                     *         "municipio": "São Paulo",
                     *         "uf": "SP",
                     *         "complemento": null
                     *       },
                     *       "codigo_municipio": "3550308",
                     *       "telefone": null,
                     *       "email": "fiscal@empresaexemplo.com.br",
                     *       "provedor_nfse": "abrasf-2.04",
                     *       "apuracao_pis_cofins": "cumulativa",
                     *       "certificado": {
                     *         "titular": "EMPRESA EXEMPLO LTDA",
                     *         "cnpj": "12345678000195",
                     *         "valido_de": "2026-11-24T09:30:00-03:00",
                     *         "valido_ate": "2027-11-24T09:30:00-03:00"
                     *       },
                     *       "created_at": "2026-11-24T09:30:00-03:00"
                     *     }
                     */
                    "application/json": components["schemas"]["EmpresaResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Certificados_enviar: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "pfx": "MIIKcQIBAzCCCjcGCSqGSIb3DQEHAaCCCigEggokMIIKIDCCBNcGCSqGSIb3DQEHBqCC",
                 *       "senha": "senha-do-pfx"
                 *     }
                 */
                "application/json": components["schemas"]["EnviarCertificadoDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "titular": "EMPRESA EXEMPLO LTDA",
                     *       "cnpj": "12345678000195",
                     *       "valido_de": "2026-11-24T09:30:00-03:00",
                     *       "valido_ate": "2027-11-24T09:30:00-03:00"
                     *     }
                     */
                    "application/json": components["schemas"]["CertificadoInstaladoResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Certificados_emitirTeste: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "titular": "EMPRESA EXEMPLO LTDA",
                     *       "cnpj": "12345678000195",
                     *       "valido_de": "2026-11-24T09:30:00-03:00",
                     *       "valido_ate": "2027-11-24T09:30:00-03:00"
                     *     }
                     */
                    "application/json": components["schemas"]["CertificadoInstaladoResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    EmpresaNfe_obter: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "cnpj": "12345678000195",
                     *       "nfe_serie_padrao": 1,
                     *       "nfe_ambiente": "homologacao",
                     *       "emite_nfe": true,
                     *       "emite_nfe_sandbox": true,
                     *       "requisitos_nfe": [
                     *         {
                     *           "descricao": "Certificado digital A1 válido",
                     *           "atendido": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["EmpresaNfeResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    EmpresaNfe_atualizar: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "nfe_serie_padrao": 1,
                 *       "nfe_ambiente": "homologacao"
                 *     }
                 */
                "application/json": components["schemas"]["AtualizarEmpresaNfeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "cnpj": "12345678000195",
                     *       "nfe_serie_padrao": 1,
                     *       "nfe_ambiente": "homologacao",
                     *       "emite_nfe": true,
                     *       "emite_nfe_sandbox": true,
                     *       "requisitos_nfe": [
                     *         {
                     *           "descricao": "Certificado digital A1 válido",
                     *           "atendido": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["EmpresaNfeResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Mercadorias_criar: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "codigo": "PAR-M8",
                 *       "nome": "Parafuso sextavado M8",
                 *       "ncm": "73181500",
                 *       "unidade_comercial": "UN",
                 *       "valor": "10.00",
                 *       "cfop_interno": "5102",
                 *       "cfop_interestadual": "6102",
                 *       "origem": 0,
                 *       "cst_icms": "00",
                 *       "aliquota_icms": "0.18",
                 *       "cst_pis": "01",
                 *       "cst_cofins": "01"
                 *     }
                 */
                "application/json": components["schemas"]["CriarMercadoriaDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "codigo": "PAR-M8",
                     *       "nome": "Parafuso sextavado M8",
                     *       "ncm": "73181500",
                     *       "cfop_interestadual": "6102",
                     *       "unidade_comercial": "UN",
                     *       "valor": "10.00",
                     *       "padrao": false,
                     *       "created_at": "2026-11-24T09:30:00-03:00",
                     *       "updated_at": "2026-11-24T09:30:00-03:00",
                     *       "cfop_interno": "5102",
                     *       "origem": 0,
                     *       "cst_icms": "00",
                     *       "aliquota_icms": "0.18",
                     *       "aliquota_icms_percent": "18",
                     *       "cst_pis": "01",
                     *       "cst_cofins": "01"
                     *     }
                     */
                    "application/json": components["schemas"]["MercadoriaCadastradaResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Mercadorias_obter: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                codigo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "codigo": "PAR-M8",
                     *       "nome": "Parafuso sextavado M8",
                     *       "ncm": "73181500",
                     *       "cfop_interestadual": "6102",
                     *       "unidade_comercial": "UN",
                     *       "valor": "10.00",
                     *       "padrao": false,
                     *       "created_at": "2026-11-24T09:30:00-03:00",
                     *       "updated_at": "2026-11-24T09:30:00-03:00",
                     *       "cfop_interno": "5102",
                     *       "origem": 0,
                     *       "cst_icms": "00",
                     *       "aliquota_icms": "0.18",
                     *       "aliquota_icms_percent": "18",
                     *       "cst_pis": "01",
                     *       "cst_cofins": "01"
                     *     }
                     */
                    "application/json": components["schemas"]["MercadoriaCadastradaResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Mercadorias_atualizar: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                codigo: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "valor": "11.50"
                 *     }
                 */
                "application/json": components["schemas"]["AtualizarMercadoriaDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "codigo": "PAR-M8",
                     *       "nome": "Parafuso sextavado M8",
                     *       "ncm": "73181500",
                     *       "cfop_interestadual": "6102",
                     *       "unidade_comercial": "UN",
                     *       "valor": "10.00",
                     *       "padrao": false,
                     *       "created_at": "2026-11-24T09:30:00-03:00",
                     *       "updated_at": "2026-11-24T09:30:00-03:00",
                     *       "cfop_interno": "5102",
                     *       "origem": 0,
                     *       "cst_icms": "00",
                     *       "aliquota_icms": "0.18",
                     *       "aliquota_icms_percent": "18",
                     *       "cst_pis": "01",
                     *       "cst_cofins": "01"
                     *     }
                     */
                    "application/json": components["schemas"]["MercadoriaCadastradaResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Mercadorias_remover: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                codigo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removida */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Notas_listar: {
        parameters: {
            query?: {
                page?: string | null;
                per_page?: string | null;
                situacao?: "pendente" | "em_processamento" | "autorizada" | "rejeitada" | "denegada" | "cancelamento_solicitado" | "cancelada" | "inutilizada" | null;
                codigo_externo?: string | null;
            };
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Total de notas do filtro */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *         "codigo_externo": "PEDIDO-1001",
                     *         "numero": 1,
                     *         "serie": 1,
                     *         "modelo": "55",
                     *         "natureza_operacao": "Venda de mercadoria",
                     *         "situacao": "pendente",
                     *         "data_emissao": "2026-11-24T09:30:00-03:00",
                     *         "data_saida": "2026-11-24T09:30:00-03:00",
                     *         "data_autorizacao": "2026-11-24T09:30:00-03:00",
                     *         "data_cancelamento": "2026-11-24T09:30:00-03:00",
                     *         "finalidade": 1,
                     *         "tipo_operacao": "saida",
                     *         "indicador_presenca": 1,
                     *         "indicador_consumidor_final": false,
                     *         "chave_acesso": "35261112345678000195550010000000011123456780",
                     *         "protocolo_autorizacao": "135260000000001",
                     *         "totais": {
                     *           "valor_produtos": "100.00",
                     *           "valor_frete": "0.00",
                     *           "valor_seguro": "0.00",
                     *           "valor_desconto": "0.00",
                     *           "valor_outras_despesas": "0.00",
                     *           "valor_bc_icms": "100.00",
                     *           "valor_icms": "18.00",
                     *           "valor_bc_icms_st": "0.00",
                     *           "valor_icms_st": "0.00",
                     *           "valor_ipi": "0.00",
                     *           "valor_pis": "0.53",
                     *           "valor_cofins": "2.46",
                     *           "valor_ii": "0.00",
                     *           "valor_total": "100.00"
                     *         },
                     *         "itens": [
                     *           {
                     *             "numero_item": 1,
                     *             "descricao": "Parafuso sextavado M8",
                     *             "ncm": "73181500",
                     *             "cfop": "5102",
                     *             "unidade_comercial": "UN",
                     *             "quantidade": "10",
                     *             "valor_unitario": "10.00",
                     *             "valor_total": "100.00",
                     *             "valor_desconto": "0.00",
                     *             "codigo": "PAR-M8",
                     *             "cst_icms": "00",
                     *             "aliquota_icms": "0.18",
                     *             "cst_pis": "01",
                     *             "cst_cofins": "01",
                     *             "aliquota_ipi": "100.00"
                     *           }
                     *         ],
                     *         "pagamentos": [
                     *           {
                     *             "forma_pagamento": "01",
                     *             "valor": "100.00",
                     *             "indicador_pagamento": 0,
                     *             "cartao": {
                     *               "tipo_integracao": 1
                     *             }
                     *           }
                     *         ],
                     *         "troco": "100.00",
                     *         "destinatario": {
                     *           "razao_social": "Comércio de Ferragens Ltda",
                     *           "cpf_cnpj": "11222333000181",
                     *           "endereco": {
                     *             "cep": "01310100",
                     *             "logradouro": "Avenida Paulista",
                     *             "numero": "1000",
                     *             "bairro": "Bela Vista",
                     *             "municipio": "São Paulo",
                     *             "uf": "SP"
                     *           },
                     *           "indicador_ie": 1
                     *         },
                     *         "links": {
                     *           "xml": "http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/xml",
                     *           "danfe": "http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/danfe"
                     *         },
                     *         "intermediador": {
                     *           "cnpj": "22333444000150",
                     *           "identificador_cadastro": "loja-ferragens-123"
                     *         },
                     *         "reemitida_uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *         "reemitida_de_uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *         "status_sefaz": {
                     *           "codigo": "100",
                     *           "motivo": "Autorizado o uso da NF-e"
                     *         },
                     *         "contingencia": {
                     *           "tipo": "svc_an",
                     *           "motivo": "SEFAZ SP indisponível",
                     *           "inicio": "2026-11-24T09:30:00-03:00"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["NotaNfeResposta"][];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Notas_criar: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
                /**
                 * @description Repetir a requisição com a mesma chave e o mesmo corpo (mesma credencial, até 24 h) devolve a resposta original com Idempotent-Replayed: true, sem criar nada; outro corpo: 422. Respostas 5xx não são guardadas.
                 * @example pedido-1001-tentativa
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "codigo_externo": "PEDIDO-1001",
                 *       "natureza_operacao": "Venda de mercadoria",
                 *       "destinatario": {
                 *         "razao_social": "Comércio de Ferragens Ltda",
                 *         "cpf_cnpj": "11222333000181",
                 *         "indicador_ie": 9,
                 *         "endereco": {
                 *           "cep": "04538-133",
                 *           "logradouro": "Avenida Brigadeiro Faria Lima",
                 *           "numero": "3477",
                 *           "bairro": "Itaim Bibi",
                 *           "municipio": "São Paulo",
                 *           "uf": "SP"
                 *         }
                 *       },
                 *       "itens": [
                 *         {
                 *           "codigo_produto": "PAR-M8",
                 *           "quantidade": "10"
                 *         }
                 *       ],
                 *       "pagamentos": [
                 *         {
                 *           "forma_pagamento": "01",
                 *           "valor": "100.00"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CriarNotaDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Presente (true) quando a resposta é a original de uma requisição anterior com a mesma Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "codigo_externo": "PEDIDO-1001",
                     *       "numero": 1,
                     *       "serie": 1,
                     *       "modelo": "55",
                     *       "natureza_operacao": "Venda de mercadoria",
                     *       "situacao": "pendente",
                     *       "data_emissao": "2026-11-24T09:30:00-03:00",
                     *       "data_saida": "2026-11-24T09:30:00-03:00",
                     *       "finalidade": 1,
                     *       "tipo_operacao": "saida",
                     *       "indicador_presenca": 1,
                     *       "indicador_consumidor_final": false,
                     *       "chave_acesso": "35261112345678000195550010000000011123456780",
                     *       "totais": {
                     *         "valor_produtos": "100.00",
                     *         "valor_frete": "0.00",
                     *         "valor_seguro": "0.00",
                     *         "valor_desconto": "0.00",
                     *         "valor_outras_despesas": "0.00",
                     *         "valor_bc_icms": "100.00",
                     *         "valor_icms": "18.00",
                     *         "valor_bc_icms_st": "0.00",
                     *         "valor_icms_st": "0.00",
                     *         "valor_ipi": "0.00",
                     *         "valor_pis": "0.53",
                     *         "valor_cofins": "2.46",
                     *         "valor_ii": "0.00",
                     *         "valor_total": "100.00"
                     *       },
                     *       "itens": [
                     *         {
                     *           "numero_item": 1,
                     *           "descricao": "Parafuso sextavado M8",
                     *           "ncm": "73181500",
                     *           "cfop": "5102",
                     *           "unidade_comercial": "UN",
                     *           "quantidade": "10",
                     *           "valor_unitario": "10.00",
                     *           "valor_total": "100.00",
                     *           "valor_desconto": "0.00",
                     *           "codigo": "PAR-M8",
                     *           "cst_icms": "00",
                     *           "aliquota_icms": "0.18",
                     *           "cst_pis": "01",
                     *           "cst_cofins": "01",
                     *           "aliquota_ipi": "100.00"
                     *         }
                     *       ],
                     *       "pagamentos": [
                     *         {
                     *           "forma_pagamento": "01",
                     *           "valor": "100.00",
                     *           "indicador_pagamento": 0,
                     *           "cartao": {
                     *             "tipo_integracao": 1
                     *           }
                     *         }
                     *       ],
                     *       "destinatario": {
                     *         "razao_social": "Comércio de Ferragens Ltda",
                     *         "cpf_cnpj": "11222333000181",
                     *         "endereco": {
                     *           "cep": "01310100",
                     *           "logradouro": "Avenida Paulista",
                     *           "numero": "1000",
                     *           "bairro": "Bela Vista",
                     *           "municipio": "São Paulo",
                     *           "uf": "SP"
                     *         },
                     *         "indicador_ie": 1
                     *       },
                     *       "links": {
                     *         "xml": "http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/xml",
                     *         "danfe": "http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/danfe"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["NotaNfeResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Notas_obter: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "codigo_externo": "PEDIDO-1001",
                     *       "numero": 1,
                     *       "serie": 1,
                     *       "modelo": "55",
                     *       "natureza_operacao": "Venda de mercadoria",
                     *       "situacao": "pendente",
                     *       "data_emissao": "2026-11-24T09:30:00-03:00",
                     *       "data_saida": "2026-11-24T09:30:00-03:00",
                     *       "data_autorizacao": "2026-11-24T09:30:00-03:00",
                     *       "data_cancelamento": "2026-11-24T09:30:00-03:00",
                     *       "finalidade": 1,
                     *       "tipo_operacao": "saida",
                     *       "indicador_presenca": 1,
                     *       "indicador_consumidor_final": false,
                     *       "chave_acesso": "35261112345678000195550010000000011123456780",
                     *       "protocolo_autorizacao": "135260000000001",
                     *       "totais": {
                     *         "valor_produtos": "100.00",
                     *         "valor_frete": "0.00",
                     *         "valor_seguro": "0.00",
                     *         "valor_desconto": "0.00",
                     *         "valor_outras_despesas": "0.00",
                     *         "valor_bc_icms": "100.00",
                     *         "valor_icms": "18.00",
                     *         "valor_bc_icms_st": "0.00",
                     *         "valor_icms_st": "0.00",
                     *         "valor_ipi": "0.00",
                     *         "valor_pis": "0.53",
                     *         "valor_cofins": "2.46",
                     *         "valor_ii": "0.00",
                     *         "valor_total": "100.00"
                     *       },
                     *       "itens": [
                     *         {
                     *           "numero_item": 1,
                     *           "descricao": "Parafuso sextavado M8",
                     *           "ncm": "73181500",
                     *           "cfop": "5102",
                     *           "unidade_comercial": "UN",
                     *           "quantidade": "10",
                     *           "valor_unitario": "10.00",
                     *           "valor_total": "100.00",
                     *           "valor_desconto": "0.00",
                     *           "codigo": "PAR-M8",
                     *           "cst_icms": "00",
                     *           "aliquota_icms": "0.18",
                     *           "cst_pis": "01",
                     *           "cst_cofins": "01",
                     *           "aliquota_ipi": "100.00"
                     *         }
                     *       ],
                     *       "pagamentos": [
                     *         {
                     *           "forma_pagamento": "01",
                     *           "valor": "100.00",
                     *           "indicador_pagamento": 0,
                     *           "cartao": {
                     *             "tipo_integracao": 1
                     *           }
                     *         }
                     *       ],
                     *       "troco": "100.00",
                     *       "destinatario": {
                     *         "razao_social": "Comércio de Ferragens Ltda",
                     *         "cpf_cnpj": "11222333000181",
                     *         "endereco": {
                     *           "cep": "01310100",
                     *           "logradouro": "Avenida Paulista",
                     *           "numero": "1000",
                     *           "bairro": "Bela Vista",
                     *           "municipio": "São Paulo",
                     *           "uf": "SP"
                     *         },
                     *         "indicador_ie": 1
                     *       },
                     *       "links": {
                     *         "xml": "http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/xml",
                     *         "danfe": "http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/danfe"
                     *       },
                     *       "intermediador": {
                     *         "cnpj": "22333444000150",
                     *         "identificador_cadastro": "loja-ferragens-123"
                     *       },
                     *       "reemitida_uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "reemitida_de_uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "status_sefaz": {
                     *         "codigo": "100",
                     *         "motivo": "Autorizado o uso da NF-e"
                     *       },
                     *       "contingencia": {
                     *         "tipo": "svc_an",
                     *         "motivo": "SEFAZ SP indisponível",
                     *         "inicio": "2026-11-24T09:30:00-03:00"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["NotaNfeResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Notas_cancelar: {
        parameters: {
            query: {
                justificativa: string;
            };
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Cancelamento solicitado",
                     *       "uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10"
                     *     }
                     */
                    "application/json": components["schemas"]["CancelamentoSolicitadoResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Notas_xml: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description nfeProc com o protocolo da SEFAZ: nota autorizada, cancelada ou denegada (o emitente guarda também a denegada); de uma nota inutilizada, o ProcInutNFe (o pedido de inutilização assinado e a homologação da SEFAZ) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                    "text/xml": string;
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Documento ainda não disponível: a nota ou o evento ainda não está na situação que o tem */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Notas_reemitir: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "codigo_externo": "PEDIDO-1001",
                 *       "natureza_operacao": "Venda de mercadoria",
                 *       "destinatario": {
                 *         "razao_social": "Comércio de Ferragens Ltda",
                 *         "cpf_cnpj": "11222333000181",
                 *         "indicador_ie": 9,
                 *         "endereco": {
                 *           "cep": "04538-133",
                 *           "logradouro": "Avenida Brigadeiro Faria Lima",
                 *           "numero": "3477",
                 *           "bairro": "Itaim Bibi",
                 *           "municipio": "São Paulo",
                 *           "uf": "SP"
                 *         }
                 *       },
                 *       "itens": [
                 *         {
                 *           "codigo_produto": "PAR-M8",
                 *           "quantidade": "10"
                 *         }
                 *       ],
                 *       "pagamentos": [
                 *         {
                 *           "forma_pagamento": "01",
                 *           "valor": "100.00"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CriarNotaDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "codigo_externo": "PEDIDO-1001",
                     *       "numero": 1,
                     *       "serie": 1,
                     *       "modelo": "55",
                     *       "natureza_operacao": "Venda de mercadoria",
                     *       "situacao": "pendente",
                     *       "data_emissao": "2026-11-24T09:30:00-03:00",
                     *       "data_saida": "2026-11-24T09:30:00-03:00",
                     *       "data_autorizacao": "2026-11-24T09:30:00-03:00",
                     *       "data_cancelamento": "2026-11-24T09:30:00-03:00",
                     *       "finalidade": 1,
                     *       "tipo_operacao": "saida",
                     *       "indicador_presenca": 1,
                     *       "indicador_consumidor_final": false,
                     *       "chave_acesso": "35261112345678000195550010000000011123456780",
                     *       "protocolo_autorizacao": "135260000000001",
                     *       "totais": {
                     *         "valor_produtos": "100.00",
                     *         "valor_frete": "0.00",
                     *         "valor_seguro": "0.00",
                     *         "valor_desconto": "0.00",
                     *         "valor_outras_despesas": "0.00",
                     *         "valor_bc_icms": "100.00",
                     *         "valor_icms": "18.00",
                     *         "valor_bc_icms_st": "0.00",
                     *         "valor_icms_st": "0.00",
                     *         "valor_ipi": "0.00",
                     *         "valor_pis": "0.53",
                     *         "valor_cofins": "2.46",
                     *         "valor_ii": "0.00",
                     *         "valor_total": "100.00"
                     *       },
                     *       "itens": [
                     *         {
                     *           "numero_item": 1,
                     *           "descricao": "Parafuso sextavado M8",
                     *           "ncm": "73181500",
                     *           "cfop": "5102",
                     *           "unidade_comercial": "UN",
                     *           "quantidade": "10",
                     *           "valor_unitario": "10.00",
                     *           "valor_total": "100.00",
                     *           "valor_desconto": "0.00",
                     *           "codigo": "PAR-M8",
                     *           "cst_icms": "00",
                     *           "aliquota_icms": "0.18",
                     *           "cst_pis": "01",
                     *           "cst_cofins": "01",
                     *           "aliquota_ipi": "100.00"
                     *         }
                     *       ],
                     *       "pagamentos": [
                     *         {
                     *           "forma_pagamento": "01",
                     *           "valor": "100.00",
                     *           "indicador_pagamento": 0,
                     *           "cartao": {
                     *             "tipo_integracao": 1
                     *           }
                     *         }
                     *       ],
                     *       "troco": "100.00",
                     *       "destinatario": {
                     *         "razao_social": "Comércio de Ferragens Ltda",
                     *         "cpf_cnpj": "11222333000181",
                     *         "endereco": {
                     *           "cep": "01310100",
                     *           "logradouro": "Avenida Paulista",
                     *           "numero": "1000",
                     *           "bairro": "Bela Vista",
                     *           "municipio": "São Paulo",
                     *           "uf": "SP"
                     *         },
                     *         "indicador_ie": 1
                     *       },
                     *       "links": {
                     *         "xml": "http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/xml",
                     *         "danfe": "http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/danfe"
                     *       },
                     *       "intermediador": {
                     *         "cnpj": "22333444000150",
                     *         "identificador_cadastro": "loja-ferragens-123"
                     *       },
                     *       "reemitida_uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "reemitida_de_uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "status_sefaz": {
                     *         "codigo": "100",
                     *         "motivo": "Autorizado o uso da NF-e"
                     *       },
                     *       "contingencia": {
                     *         "tipo": "svc_an",
                     *         "motivo": "SEFAZ SP indisponível",
                     *         "inicio": "2026-11-24T09:30:00-03:00"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["NotaNfeResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Notas_inutilizarNota: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "justificativa": "Numeração não utilizada por rejeição da nota"
                 *     }
                 */
                "application/json": components["schemas"]["InutilizarNotaDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "codigo_externo": "PEDIDO-1001",
                     *       "numero": 1,
                     *       "serie": 1,
                     *       "modelo": "55",
                     *       "natureza_operacao": "Venda de mercadoria",
                     *       "situacao": "pendente",
                     *       "data_emissao": "2026-11-24T09:30:00-03:00",
                     *       "data_saida": "2026-11-24T09:30:00-03:00",
                     *       "data_autorizacao": "2026-11-24T09:30:00-03:00",
                     *       "data_cancelamento": "2026-11-24T09:30:00-03:00",
                     *       "finalidade": 1,
                     *       "tipo_operacao": "saida",
                     *       "indicador_presenca": 1,
                     *       "indicador_consumidor_final": false,
                     *       "chave_acesso": "35261112345678000195550010000000011123456780",
                     *       "protocolo_autorizacao": "135260000000001",
                     *       "totais": {
                     *         "valor_produtos": "100.00",
                     *         "valor_frete": "0.00",
                     *         "valor_seguro": "0.00",
                     *         "valor_desconto": "0.00",
                     *         "valor_outras_despesas": "0.00",
                     *         "valor_bc_icms": "100.00",
                     *         "valor_icms": "18.00",
                     *         "valor_bc_icms_st": "0.00",
                     *         "valor_icms_st": "0.00",
                     *         "valor_ipi": "0.00",
                     *         "valor_pis": "0.53",
                     *         "valor_cofins": "2.46",
                     *         "valor_ii": "0.00",
                     *         "valor_total": "100.00"
                     *       },
                     *       "itens": [
                     *         {
                     *           "numero_item": 1,
                     *           "descricao": "Parafuso sextavado M8",
                     *           "ncm": "73181500",
                     *           "cfop": "5102",
                     *           "unidade_comercial": "UN",
                     *           "quantidade": "10",
                     *           "valor_unitario": "10.00",
                     *           "valor_total": "100.00",
                     *           "valor_desconto": "0.00",
                     *           "codigo": "PAR-M8",
                     *           "cst_icms": "00",
                     *           "aliquota_icms": "0.18",
                     *           "cst_pis": "01",
                     *           "cst_cofins": "01",
                     *           "aliquota_ipi": "100.00"
                     *         }
                     *       ],
                     *       "pagamentos": [
                     *         {
                     *           "forma_pagamento": "01",
                     *           "valor": "100.00",
                     *           "indicador_pagamento": 0,
                     *           "cartao": {
                     *             "tipo_integracao": 1
                     *           }
                     *         }
                     *       ],
                     *       "troco": "100.00",
                     *       "destinatario": {
                     *         "razao_social": "Comércio de Ferragens Ltda",
                     *         "cpf_cnpj": "11222333000181",
                     *         "endereco": {
                     *           "cep": "01310100",
                     *           "logradouro": "Avenida Paulista",
                     *           "numero": "1000",
                     *           "bairro": "Bela Vista",
                     *           "municipio": "São Paulo",
                     *           "uf": "SP"
                     *         },
                     *         "indicador_ie": 1
                     *       },
                     *       "links": {
                     *         "xml": "http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/xml",
                     *         "danfe": "http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/danfe"
                     *       },
                     *       "intermediador": {
                     *         "cnpj": "22333444000150",
                     *         "identificador_cadastro": "loja-ferragens-123"
                     *       },
                     *       "reemitida_uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "reemitida_de_uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "status_sefaz": {
                     *         "codigo": "100",
                     *         "motivo": "Autorizado o uso da NF-e"
                     *       },
                     *       "contingencia": {
                     *         "tipo": "svc_an",
                     *         "motivo": "SEFAZ SP indisponível",
                     *         "inicio": "2026-11-24T09:30:00-03:00"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["NotaNfeResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description A autoridade (SEFAZ) não respondeu ou respondeu com falha */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Notas_inutilizarFaixa: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
                /**
                 * @description Repetir a requisição com a mesma chave e o mesmo corpo (mesma credencial, até 24 h) devolve a resposta original com Idempotent-Replayed: true, sem criar nada; outro corpo: 422. Respostas 5xx não são guardadas.
                 * @example pedido-1001-tentativa
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "serie": 1,
                 *       "numero_inicial": 10,
                 *       "numero_final": 12,
                 *       "justificativa": "Quebra de sequência no sistema de vendas"
                 *     }
                 */
                "application/json": components["schemas"]["CriarInutilizacaoDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description Presente (true) quando a resposta é a original de uma requisição anterior com a mesma Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Inutilização homologada",
                     *       "serie": 1,
                     *       "numero_inicial": 10,
                     *       "numero_final": 12,
                     *       "protocolo": "135260000000002"
                     *     }
                     */
                    "application/json": components["schemas"]["InutilizacaoFaixaResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description A autoridade (SEFAZ) não respondeu ou respondeu com falha */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Notas_xmlInutilizacao: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                serie: string;
                numero_inicial: string;
                numero_final: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ProcInutNFe: o pedido de inutilização assinado e a homologação da SEFAZ, o documento que o emitente guarda */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                    "text/xml": string;
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Documento ainda não disponível: a nota ou o evento ainda não está na situação que o tem */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Danfe_danfe: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description DANFE em PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Documento ainda não disponível: a nota ou o evento ainda não está na situação que o tem */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    CartasCorrecao_criar: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
                /**
                 * @description Repetir a requisição com a mesma chave e o mesmo corpo (mesma credencial, até 24 h) devolve a resposta original com Idempotent-Replayed: true, sem criar nada; outro corpo: 422. Respostas 5xx não são guardadas.
                 * @example pedido-1001-tentativa
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "correcao": "Onde se lê quantidade 10, leia-se quantidade 12 no item 1"
                 *     }
                 */
                "application/json": components["schemas"]["CriarCartaCorrecaoDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    /** @description Presente (true) quando a resposta é a original de uma requisição anterior com a mesma Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Carta de correção solicitada",
                     *       "uuid": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "sequencia": 1
                     *     }
                     */
                    "application/json": components["schemas"]["CartaCorrecaoSolicitadaResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    CartasCorrecao_listar: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "sequencia": 1,
                     *         "correcao": "Onde se lê quantidade 10, leia-se quantidade 12 no item 1",
                     *         "situacao": "autorizada",
                     *         "data_evento": "2026-11-24T09:30:00-03:00",
                     *         "status_sefaz": {
                     *           "codigo": "100",
                     *           "motivo": "Autorizado o uso da NF-e"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["CartaCorrecaoNotaResposta"][];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    CartasCorrecao_xml: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                uuid: string;
                sequencia: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description procEventoNFe da carta de correção */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                    "text/xml": string;
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Documento ainda não disponível: a nota ou o evento ainda não está na situação que o tem */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    CartasCorrecao_status: {
        parameters: {
            query?: {
                uf?: string | null;
            };
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "uf": "SP",
                     *       "ambiente": "homologacao",
                     *       "autorizador": "SP",
                     *       "disponivel": true,
                     *       "contingencia": {
                     *         "tipo": "svc_an",
                     *         "inicio": "2026-11-24T12:30:00.000Z"
                     *       },
                     *       "verificado_em": "2026-11-24T12:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["StatusAutorizadorResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    NotasNfse_listar: {
        parameters: {
            query?: {
                page?: string | null;
                per_page?: string | null;
                codigo_externo?: string | null;
                situacao?: "pendente" | "emitida" | "cancelamento_solicitado" | "cancelada" | null;
                data_inicio?: string | null;
                data_fim?: string | null;
            };
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Total de notas do filtro */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "codigo_externo": "OS-2001",
                     *         "valor_servicos": "1000.00",
                     *         "iss": {
                     *           "valor_liquido": "1000.00",
                     *           "base_calculo": "1000.00",
                     *           "valor_iss": "50.00",
                     *           "aliquota_iss": "0.05"
                     *         },
                     *         "rps": {
                     *           "situacao": "pendente",
                     *           "numero": 1,
                     *           "serie": "1",
                     *           "tipo": "1",
                     *           "data_emissao": "2026-11-24T10:15:30-03:00"
                     *         },
                     *         "nfse": {
                     *           "situacao": "emitida",
                     *           "numero": "202600000000001",
                     *           "codigo_verificacao": "A1B2C3D4",
                     *           "data_emissao": "2026-11-24T10:15:32-03:00"
                     *         },
                     *         "tomador": {
                     *           "razao_social": "Cliente Serviços Ltda",
                     *           "cpf_cnpj": "11222333000181",
                     *           "endereco": {
                     *             "cep": "01310100",
                     *             "logradouro": "Avenida Paulista",
                     *             "numero": "1000",
                     *             "bairro": "Bela Vista",
                     *             "municipio": "São Paulo",
                     *             "uf": "SP"
                     *           }
                     *         },
                     *         "servico": {
                     *           "codigo_cnae": "6201501",
                     *           "codigo_item_lista": "01.07",
                     *           "descricao": "Suporte técnico em informática"
                     *         },
                     *         "nbs": {
                     *           "codigo": "115021000",
                     *           "cst": "000",
                     *           "ct": "000001",
                     *           "indop": "030101"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["NfseResposta"][];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    NotasNfse_criar: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
                /**
                 * @description Repetir a requisição com a mesma chave e o mesmo corpo (mesma credencial, até 24 h) devolve a resposta original com Idempotent-Replayed: true, sem criar nada; outro corpo: 422. Respostas 5xx não são guardadas.
                 * @example pedido-1001-tentativa
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "codigo_externo": "OS-2001",
                 *       "valor_servicos": "1000.00",
                 *       "servico": {
                 *         "codigo_item_lista": "01.07",
                 *         "codigo_cnae": "6201501",
                 *         "descricao": "Suporte técnico em informática"
                 *       },
                 *       "tomador": {
                 *         "razao_social": "Cliente Serviços Ltda",
                 *         "cpf_cnpj": "11222333000181",
                 *         "email": "financeiro@cliente.com.br",
                 *         "endereco": {
                 *           "cep": "01310-100",
                 *           "logradouro": "Avenida Paulista",
                 *           "numero": "1000",
                 *           "bairro": "Bela Vista",
                 *           "municipio": "São Paulo",
                 *           "uf": "SP"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CriarNotaNfseDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description Presente (true) quando a resposta é a original de uma requisição anterior com a mesma Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "codigo_externo": "OS-2001",
                     *       "valor_servicos": "1000.00",
                     *       "iss": {
                     *         "valor_liquido": "1000.00",
                     *         "base_calculo": "1000.00",
                     *         "valor_iss": "50.00",
                     *         "aliquota_iss": "0.05"
                     *       },
                     *       "rps": {
                     *         "situacao": "pendente",
                     *         "numero": 1,
                     *         "serie": "1",
                     *         "tipo": "1",
                     *         "data_emissao": "2026-11-24T10:15:30-03:00"
                     *       },
                     *       "nfse": {
                     *         "situacao": "pendente"
                     *       },
                     *       "tomador": {
                     *         "razao_social": "Cliente Serviços Ltda",
                     *         "cpf_cnpj": "11222333000181",
                     *         "endereco": {
                     *           "cep": "01310100",
                     *           "logradouro": "Avenida Paulista",
                     *           "numero": "1000",
                     *           "bairro": "Bela Vista",
                     *           "municipio": "São Paulo",
                     *           "uf": "SP"
                     *         }
                     *       },
                     *       "servico": {
                     *         "codigo_cnae": "6201501",
                     *         "codigo_item_lista": "01.07",
                     *         "descricao": "Suporte técnico em informática"
                     *       },
                     *       "nbs": {
                     *         "codigo": "115021000",
                     *         "cst": "000",
                     *         "ct": "000001",
                     *         "indop": "030101"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["NfseResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    NotasNfse_obter: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "codigo_externo": "OS-2001",
                     *       "valor_servicos": "1000.00",
                     *       "iss": {
                     *         "valor_liquido": "1000.00",
                     *         "base_calculo": "1000.00",
                     *         "valor_iss": "50.00",
                     *         "aliquota_iss": "0.05"
                     *       },
                     *       "rps": {
                     *         "situacao": "pendente",
                     *         "numero": 1,
                     *         "serie": "1",
                     *         "tipo": "1",
                     *         "data_emissao": "2026-11-24T10:15:30-03:00"
                     *       },
                     *       "nfse": {
                     *         "situacao": "emitida",
                     *         "numero": "202600000000001",
                     *         "codigo_verificacao": "A1B2C3D4",
                     *         "data_emissao": "2026-11-24T10:15:32-03:00"
                     *       },
                     *       "tomador": {
                     *         "razao_social": "Cliente Serviços Ltda",
                     *         "cpf_cnpj": "11222333000181",
                     *         "endereco": {
                     *           "cep": "01310100",
                     *           "logradouro": "Avenida Paulista",
                     *           "numero": "1000",
                     *           "bairro": "Bela Vista",
                     *           "municipio": "São Paulo",
                     *           "uf": "SP"
                     *         }
                     *       },
                     *       "servico": {
                     *         "codigo_cnae": "6201501",
                     *         "codigo_item_lista": "01.07",
                     *         "descricao": "Suporte técnico em informática"
                     *       },
                     *       "nbs": {
                     *         "codigo": "115021000",
                     *         "cst": "000",
                     *         "ct": "000001",
                     *         "indop": "030101"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["NfseResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    NotasNfse_erros: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rps_situacao": "processado_com_erro",
                     *       "erros": [
                     *         {
                     *           "codigo": "E160",
                     *           "mensagem": "Arquivo enviado com erro na assinatura.",
                     *           "correcao": "Assine o lote com o certificado A1 da empresa."
                     *         }
                     *       ],
                     *       "cancelamento_erros": []
                     *     }
                     */
                    "application/json": components["schemas"]["ErrosNotaNfseResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    NotasNfse_xml: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description XML da NFS-e emitida */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                    "text/xml": string;
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Documento ainda não disponível: a nota ou o evento ainda não está na situação que o tem */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    NotasNfse_cancelar: {
        parameters: {
            query: {
                motivo_cancelamento: string;
            };
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Cancelamento solicitado",
                     *       "nota_fiscal_id": 1
                     *     }
                     */
                    "application/json": components["schemas"]["CancelamentoNfseSolicitadoResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    CatalogoMunicipal_criar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                codigo_municipio: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "codigo_cnae": "6201501",
                 *       "codigo_item_lista": "01.07",
                 *       "descricao": "Suporte técnico em informática",
                 *       "aliquota_iss": "0.05"
                 *     }
                 */
                "application/json": components["schemas"]["CriarServicoMunicipalDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "codigo_municipio": "3550308",
                     *       "codigo_cnae": "6201501",
                     *       "codigo_item_lista": "01.07",
                     *       "descricao": "Suporte técnico em informática",
                     *       "aliquota_iss": "0.05"
                     *     }
                     */
                    "application/json": components["schemas"]["ServicoMunicipalCadastradoResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Webhooks_listar: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *         "url": "https://erp.exemplo.com.br/webhooks/nfe",
                     *         "eventos": [
                     *           "nfe_autorizada",
                     *           "nfe_rejeitada"
                     *         ],
                     *         "ativo": true,
                     *         "desativado_motivo": null,
                     *         "created_at": "2026-11-24T12:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["WebhookCadastradoResposta"][];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Webhooks_criar: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://erp.exemplo.com.br/webhooks/nfe",
                 *       "eventos": [
                 *         "nfe_autorizada",
                 *         "nfe_rejeitada",
                 *         "nfe_cancelamento_autorizado"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CriarWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "url": "https://erp.exemplo.com.br/webhooks/nfe",
                     *       "eventos": [
                     *         "nfe_autorizada",
                     *         "nfe_rejeitada"
                     *       ],
                     *       "ativo": true,
                     *       "desativado_motivo": null,
                     *       "created_at": "2026-11-24T12:30:00.000Z",
                     *       "chave_seguranca": "whsec_3f1c2e..."
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookCriadoComChaveResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo maior que o máximo aceito */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo que não é application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Webhooks_remover: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removido */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Webhooks_entregas: {
        parameters: {
            query?: {
                page?: string | null;
                per_page?: string | null;
                event_id?: string | null;
                situacao?: "pendente" | "entregue" | "falhou" | "cancelada" | null;
            };
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description Total de entregas do filtro */
                    "X-Total-Count"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *         "webhook_id": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *         "event_id": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *         "evento": "nfe_autorizada",
                     *         "situacao": "entregue",
                     *         "created_at": "2026-11-24T12:30:00.000Z",
                     *         "entregue_em": "2026-11-24T12:30:00.000Z",
                     *         "proxima_tentativa_em": null,
                     *         "tentativas": [
                     *           {
                     *             "numero": 1,
                     *             "iniciada_em": "2026-11-24T12:30:00.000Z",
                     *             "duracao_ms": 42,
                     *             "status_http": 200,
                     *             "erro": null
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["EntregaWebhookResposta"][];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
    Webhooks_reenviar: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404
                 * @example 12345678000195
                 */
                "X-Empresa-CNPJ"?: string;
            };
            path: {
                id: string;
                entrega_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "webhook_id": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "event_id": "0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10",
                     *       "evento": "nfe_autorizada",
                     *       "situacao": "entregue",
                     *       "created_at": "2026-11-24T12:30:00.000Z",
                     *       "entregue_em": "2026-11-24T12:30:00.000Z",
                     *       "proxima_tentativa_em": null,
                     *       "tentativas": [
                     *         {
                     *           "numero": 1,
                     *           "iniciada_em": "2026-11-24T12:30:00.000Z",
                     *           "duracao_ms": 42,
                     *           "status_http": 200,
                     *           "erro": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["EntregaWebhookResposta"];
                };
            };
            /** @description Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Credencial ausente ou inválida */
            401: {
                headers: {
                    /** @description Esquema esperado */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Accept não admite nem o tipo do recurso nem JSON */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroValidacaoResposta"] | components["schemas"]["ErroResposta"];
                };
            };
            /** @description Limite de requisições por segundo da credencial excedido */
            429: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After */
            503: {
                headers: {
                    /** @description Segundos até tentar de novo */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
            /** @description O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErroResposta"];
                };
            };
        };
    };
}
