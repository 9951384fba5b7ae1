import type { VerifyCatalogue } from './en.ts';

export const es: VerifyCatalogue = {
  title: 'Verificar un PDF firmado',
  lead: 'Comprueba un PDF sellado por Countersign: el sello, los bytes que cubre, sus certificados, su sello de tiempo y si se añadió algo después del sellado.',
  'lead.private': 'El archivo nunca sale de este navegador',
  'lead.privateHow': ': se lee y se comprueba en esta página; no se sube ni se guarda nada.',
  'pdf.label': 'PDF firmado',
  'trail.label': 'Registro de auditoría, opcional (el JSON de {endpoint})',
  'result.label': 'Resultado de la verificación',
  noscript: 'Para comprobar un PDF se necesita JavaScript. Actívelo y vuelva a cargar esta página.',

  busy: 'Comprobando {file}…',
  'verdict.valid': '{file}: válido. Se cumplen todas las comprobaciones aplicables.',
  'verdict.invalid': '{file}: no válido. Fallidas: {checks}.',
  'error.notPdf': 'No se pudo comprobar {file}: no es un PDF (un PDF empieza por «%PDF-»).',
  'error.trailNotJson': 'No se pudo leer el registro de auditoría {file}: no es JSON.',
  'error.trailShape':
    'No se pudo leer el registro de auditoría {file}: no tiene una lista de eventos. Use el JSON de {endpoint}.',
  'error.failed': 'No se pudo comprobar {file}: {message}',

  'status.ok': 'Correcto',
  'status.fail': 'Fallida',
  'status.skip': 'Sin comprobar',
  'table.caption': 'Comprobaciones',
  'table.check': 'Comprobación',
  'table.result': 'Resultado',
  'table.detail': 'Detalle',
  'table.techNote':
    'El detalle técnico de cada comprobación está en inglés, tal como lo indica el verificador.',

  'check.seal-present': 'Sello presente',
  'check.seal-digest': 'Bytes firmados sin cambios',
  'check.seal-signature': 'Firma del sello',
  'check.nothing-appended': 'Nada añadido tras el sellado',
  'check.certificate-chain': 'Cadena de certificados',
  'check.timestamp': 'Sello de tiempo de confianza',
  'check.document-timestamp': 'Sello de tiempo del documento',
  'check.revocation': 'Datos de revocación (OCSP, CRL)',
  'check.audit-chain': 'Cadena del registro de auditoría',

  'explain.seal-present.ok': 'El archivo lleva un sello.',
  'explain.seal-present.fail': 'El archivo no lleva ningún sello: nunca se selló o se le quitó el sello.',
  'explain.seal-digest.ok': 'El contenido sellado es exactamente el que era al sellarse.',
  'explain.seal-digest.fail':
    'El contenido sellado se modificó después del sellado, o el sello no se puede leer.',
  'explain.seal-signature.ok': 'La firma del sello es auténtica para el certificado que indica.',
  'explain.seal-signature.fail': 'La firma del sello no se verifica con su certificado.',
  'explain.nothing-appended.ok':
    'No se añadió nada después del sellado, salvo datos de validación y sellos de tiempo.',
  'explain.nothing-appended.fail': 'Después del sellado se añadió algo al archivo o se cambió algo en él.',
  'explain.certificate-chain.ok':
    'Los certificados llegan hasta un certificado raíz. Usted decide si confía en esa raíz.',
  'explain.certificate-chain.fail': 'La cadena de certificados falta o está incompleta.',
  'explain.timestamp.ok': 'Una autoridad de sellado de tiempo confirma cuándo se creó el sello.',
  'explain.timestamp.fail': 'El sello de tiempo del sello no es válido.',
  'explain.timestamp.skip': 'El sello no tiene un sello de tiempo de confianza.',
  'explain.document-timestamp.ok':
    'Una autoridad de sellado de tiempo confirma más tarde todo el documento, con sus datos de validación.',
  'explain.document-timestamp.fail': 'El sello de tiempo del documento no es válido.',
  'explain.document-timestamp.skip': 'No hay ningún sello de tiempo del documento después del sello.',
  'explain.revocation.ok':
    'Según los datos de revocación del archivo, no se revocó ningún certificado del sello.',
  'explain.revocation.fail':
    'Los datos de revocación no se pueden leer o indican que se revocó un certificado.',
  'explain.revocation.skip': 'El archivo no contiene datos de revocación.',
  'explain.audit-chain.ok':
    'El registro de auditoría elegido está intacto y termina en el evento sellado en el PDF.',
  'explain.audit-chain.fail':
    'El registro de auditoría elegido se modificó, está incompleto o no corresponde a este PDF.',
  'explain.audit-chain.skip':
    'Para comprobarlo, elija arriba el registro de auditoría de la solicitud de firma.',

  'details.heading': 'Detalles',
  'fact.covered': 'Bytes cubiertos',
  'fact.coveredValue':
    '{covered} de {total}: bytes 0 a {end1} y {start2} a {end2} (el hueco es el propio valor de la firma)',
  'fact.sealedBy': 'Sellado por',
  'fact.unknown': 'desconocido',
  'fact.sealTime': 'Hora del sello (declarada por el firmante)',
  'fact.notGiven': 'no indicada',
  'fact.timestamp': 'Sello de tiempo',
  'fact.stamp': '{time}, por {tsa}',
  'fact.noTimestamp': 'ninguno: la hora de arriba es lo que declara el firmante, no una hora de confianza',
  'fact.documentTimestamp': 'Sello de tiempo del documento',
  'fact.rootCertificate': 'Certificado raíz',
  'fact.certificate': 'Certificado',
  'fact.certificateValue': '{subject} (válido hasta {date})',
  'fact.auditHead': 'Último eslabón de la cadena de auditoría, sellado en el PDF',
  'fact.none': 'ninguno',
};
