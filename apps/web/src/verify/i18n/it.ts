import type { VerifyCatalogue } from './en.ts';

export const it: VerifyCatalogue = {
  title: 'Verifica un PDF firmato',
  lead: 'Controlla un PDF sigillato da Countersign: il sigillo, i byte che copre, i suoi certificati, la sua marca temporale e se qualcosa è stato aggiunto dopo la sigillatura.',
  'lead.private': 'Il file non lascia mai questo browser',
  'lead.privateHow': ': viene letto e controllato in questa pagina, nulla viene caricato o conservato.',
  'pdf.label': 'PDF firmato',
  'trail.label': 'Registro di controllo, facoltativo (il JSON di {endpoint})',
  'result.label': 'Esito della verifica',
  noscript: 'Per controllare un PDF serve JavaScript. Attivalo e ricarica questa pagina.',

  busy: 'Controllo di {file}…',
  'verdict.valid': '{file}: valido. Tutti i controlli applicabili sono superati.',
  'verdict.invalid': '{file}: non valido. Non superati: {checks}.',
  'error.notPdf': 'Impossibile controllare {file}: non è un PDF (un PDF inizia con «%PDF-»).',
  'error.trailNotJson': 'Impossibile leggere il registro di controllo {file}: non è JSON.',
  'error.trailShape':
    'Impossibile leggere il registro di controllo {file}: non contiene un elenco di eventi. Usa il JSON di {endpoint}.',
  'error.failed': 'Impossibile controllare {file}: {message}',

  'status.ok': 'OK',
  'status.fail': 'Non superato',
  'status.skip': 'Non controllato',
  'table.caption': 'Controlli',
  'table.check': 'Controllo',
  'table.result': 'Esito',
  'table.detail': 'Dettaglio',
  'table.techNote':
    'Il dettaglio tecnico di ogni controllo è in inglese, così come lo riporta il verificatore.',

  'check.seal-present': 'Sigillo presente',
  'check.seal-digest': 'Byte firmati invariati',
  'check.seal-signature': 'Firma del sigillo',
  'check.nothing-appended': 'Nulla aggiunto dopo la sigillatura',
  'check.certificate-chain': 'Catena di certificati',
  'check.timestamp': 'Marca temporale attendibile',
  'check.document-timestamp': 'Marca temporale del documento',
  'check.revocation': 'Dati di revoca (OCSP, CRL)',
  'check.audit-chain': 'Catena del registro di controllo',

  'explain.seal-present.ok': 'Il file ha un sigillo.',
  'explain.seal-present.fail':
    'Il file non ha alcun sigillo: non è mai stato sigillato, o il sigillo è stato rimosso.',
  'explain.seal-digest.ok': 'Il contenuto sigillato è esattamente com’era al momento della sigillatura.',
  'explain.seal-digest.fail':
    'Il contenuto sigillato è stato modificato dopo la sigillatura, oppure il sigillo non è leggibile.',
  'explain.seal-signature.ok': 'La firma del sigillo è autentica per il certificato che indica.',
  'explain.seal-signature.fail': 'La firma del sigillo non risulta valida con il suo certificato.',
  'explain.nothing-appended.ok':
    'Dopo la sigillatura non è stato aggiunto nulla, a parte dati di convalida e marche temporali.',
  'explain.nothing-appended.fail': 'Dopo la sigillatura qualcosa è stato aggiunto al file o modificato.',
  'explain.certificate-chain.ok':
    'I certificati risalgono fino a un certificato radice. Sta a te decidere se fidarti di quella radice.',
  'explain.certificate-chain.fail': 'La catena di certificati manca o è incompleta.',
  'explain.timestamp.ok': 'Un’autorità di marcatura temporale conferma quando è stato apposto il sigillo.',
  'explain.timestamp.fail': 'La marca temporale del sigillo non è valida.',
  'explain.timestamp.skip': 'Il sigillo non ha una marca temporale attendibile.',
  'explain.document-timestamp.ok':
    'Un’autorità di marcatura temporale conferma in seguito l’intero documento, dati di convalida compresi.',
  'explain.document-timestamp.fail': 'La marca temporale del documento non è valida.',
  'explain.document-timestamp.skip': 'Non c’è alcuna marca temporale del documento dopo il sigillo.',
  'explain.revocation.ok':
    'Secondo i dati di revoca contenuti nel file, nessun certificato del sigillo è stato revocato.',
  'explain.revocation.fail':
    'I dati di revoca non sono leggibili o indicano che un certificato è stato revocato.',
  'explain.revocation.skip': 'Il file non contiene dati di revoca.',
  'explain.audit-chain.ok':
    'Il registro di controllo scelto è integro e termina con l’evento sigillato nel PDF.',
  'explain.audit-chain.fail':
    'Il registro di controllo scelto è stato modificato, è incompleto o non appartiene a questo PDF.',
  'explain.audit-chain.skip':
    'Per verificarlo, scegli qui sopra il registro di controllo della richiesta di firma.',

  'details.heading': 'Dettagli',
  'fact.covered': 'Byte coperti',
  'fact.coveredValue':
    '{covered} su {total}: byte da 0 a {end1} e da {start2} a {end2} (lo spazio intermedio è il valore stesso della firma)',
  'fact.sealedBy': 'Sigillato da',
  'fact.unknown': 'sconosciuto',
  'fact.sealTime': 'Ora del sigillo (dichiarata dal firmatario)',
  'fact.notGiven': 'non indicata',
  'fact.timestamp': 'Marca temporale',
  'fact.stamp': '{time}, da {tsa}',
  'fact.noTimestamp': 'nessuna: l’ora qui sopra è dichiarata dal firmatario, non è un’ora attendibile',
  'fact.documentTimestamp': 'Marca temporale del documento',
  'fact.rootCertificate': 'Certificato radice',
  'fact.certificate': 'Certificato',
  'fact.certificateValue': '{subject} (valido fino al {date})',
  'fact.auditHead': 'Ultimo anello della catena di controllo, sigillato nel PDF',
  'fact.none': 'nessuno',
};
