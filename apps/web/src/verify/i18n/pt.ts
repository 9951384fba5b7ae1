import type { VerifyCatalogue } from './en.ts';

export const pt: VerifyCatalogue = {
  title: 'Verificar um PDF assinado',
  lead: 'Verifica um PDF selado pelo Countersign: o selo, os bytes que abrange, os seus certificados, o seu carimbo temporal e se algo foi acrescentado depois da selagem.',
  'lead.private': 'O ficheiro nunca sai deste navegador',
  'lead.privateHow': ': é lido e verificado nesta página, nada é enviado nem guardado.',
  'pdf.label': 'PDF assinado',
  'trail.label': 'Trilha de auditoria, opcional (o JSON de {endpoint})',
  'result.label': 'Resultado da verificação',
  noscript: 'Verificar um PDF requer JavaScript. Ative-o e recarregue esta página.',

  busy: 'A verificar {file}…',
  'verdict.valid': '{file}: válido. Todas as verificações aplicáveis são cumpridas.',
  'verdict.invalid': '{file}: não válido. Falharam: {checks}.',
  'error.notPdf': 'Não foi possível verificar {file}: não é um PDF (um PDF começa por «%PDF-»).',
  'error.trailNotJson': 'Não foi possível ler a trilha de auditoria {file}: não é JSON.',
  'error.trailShape':
    'Não foi possível ler a trilha de auditoria {file}: não tem uma lista de eventos. Use o JSON de {endpoint}.',
  'error.failed': 'Não foi possível verificar {file}: {message}',

  'status.ok': 'OK',
  'status.fail': 'Falhou',
  'status.skip': 'Não verificado',
  'table.caption': 'Verificações',
  'table.check': 'Verificação',
  'table.result': 'Resultado',
  'table.detail': 'Detalhe',
  'table.techNote': 'O detalhe técnico de cada verificação está em inglês, tal como o verificador o indica.',

  'check.seal-present': 'Selo presente',
  'check.seal-digest': 'Bytes assinados inalterados',
  'check.seal-signature': 'Assinatura do selo',
  'check.nothing-appended': 'Nada acrescentado após a selagem',
  'check.certificate-chain': 'Cadeia de certificados',
  'check.timestamp': 'Carimbo temporal de confiança',
  'check.document-timestamp': 'Carimbo temporal do documento',
  'check.revocation': 'Dados de revogação (OCSP, CRL)',
  'check.audit-chain': 'Cadeia da trilha de auditoria',

  'explain.seal-present.ok': 'O ficheiro tem um selo.',
  'explain.seal-present.fail': 'O ficheiro não tem selo: nunca foi selado, ou o selo foi removido.',
  'explain.seal-digest.ok': 'O conteúdo selado está exatamente como estava no momento da selagem.',
  'explain.seal-digest.fail':
    'O conteúdo selado foi alterado depois da selagem, ou o selo não pode ser lido.',
  'explain.seal-signature.ok': 'A assinatura do selo é autêntica para o certificado que indica.',
  'explain.seal-signature.fail': 'A assinatura do selo não é confirmada pelo seu certificado.',
  'explain.nothing-appended.ok':
    'Nada foi acrescentado depois da selagem, além de dados de validação e carimbos temporais.',
  'explain.nothing-appended.fail': 'Depois da selagem, algo foi acrescentado ao ficheiro ou alterado nele.',
  'explain.certificate-chain.ok':
    'Os certificados chegam até um certificado raiz. Cabe a si decidir se confia nessa raiz.',
  'explain.certificate-chain.fail': 'A cadeia de certificados falta ou está incompleta.',
  'explain.timestamp.ok': 'Uma autoridade de carimbo temporal confirma quando o selo foi aplicado.',
  'explain.timestamp.fail': 'O carimbo temporal do selo não é válido.',
  'explain.timestamp.skip': 'O selo não tem carimbo temporal de confiança.',
  'explain.document-timestamp.ok':
    'Uma autoridade de carimbo temporal confirma mais tarde o documento inteiro, incluindo os dados de validação.',
  'explain.document-timestamp.fail': 'O carimbo temporal do documento não é válido.',
  'explain.document-timestamp.skip': 'Não há carimbo temporal do documento depois do selo.',
  'explain.revocation.ok':
    'Segundo os dados de revogação do ficheiro, nenhum certificado do selo foi revogado.',
  'explain.revocation.fail':
    'Os dados de revogação não podem ser lidos ou indicam que um certificado foi revogado.',
  'explain.revocation.skip': 'O ficheiro não contém dados de revogação.',
  'explain.audit-chain.ok': 'A trilha de auditoria escolhida está intacta e termina no evento selado no PDF.',
  'explain.audit-chain.fail':
    'A trilha de auditoria escolhida foi alterada, está incompleta ou não pertence a este PDF.',
  'explain.audit-chain.skip':
    'Para a verificar, escolha acima a trilha de auditoria do pedido de assinatura.',

  'details.heading': 'Detalhes',
  'fact.covered': 'Bytes abrangidos',
  'fact.coveredValue':
    '{covered} de {total}: bytes 0 a {end1} e {start2} a {end2} (o intervalo é o próprio valor da assinatura)',
  'fact.sealedBy': 'Selado por',
  'fact.unknown': 'desconhecido',
  'fact.sealTime': 'Hora do selo (declarada pelo signatário)',
  'fact.notGiven': 'não indicada',
  'fact.timestamp': 'Carimbo temporal',
  'fact.stamp': '{time}, por {tsa}',
  'fact.noTimestamp': 'nenhum: a hora acima é declarada pelo signatário, não é uma hora de confiança',
  'fact.documentTimestamp': 'Carimbo temporal do documento',
  'fact.rootCertificate': 'Certificado raiz',
  'fact.certificate': 'Certificado',
  'fact.certificateValue': '{subject} (válido até {date})',
  'fact.auditHead': 'Último elo da cadeia de auditoria, selado no PDF',
  'fact.none': 'nenhum',
};
