import type { VerifyCatalogue } from './en.ts';

export const nl: VerifyCatalogue = {
  title: 'Een ondertekende PDF controleren',
  lead: 'Controleert een door Countersign verzegelde PDF: het zegel, de bytes die het dekt, de certificaten, het tijdstempel en of er na het verzegelen iets is toegevoegd.',
  'lead.private': 'Het bestand verlaat deze browser nooit',
  'lead.privateHow':
    ': het wordt op deze pagina gelezen en gecontroleerd, er wordt niets geüpload of opgeslagen.',
  'pdf.label': 'Ondertekende PDF',
  'trail.label': 'Auditlogboek, optioneel (de JSON van {endpoint})',
  'result.label': 'Resultaat van de controle',
  noscript: 'Voor het controleren van een PDF is JavaScript nodig. Zet het aan en laad deze pagina opnieuw.',

  busy: '{file} wordt gecontroleerd…',
  'verdict.valid': '{file}: geldig. Elke controle die van toepassing is, klopt.',
  'verdict.invalid': '{file}: niet geldig. Mislukt: {checks}.',
  'error.notPdf': '{file} kon niet worden gecontroleerd: het is geen PDF (een PDF begint met ‘%PDF-’).',
  'error.trailNotJson': 'Het auditlogboek {file} kon niet worden gelezen: het is geen JSON.',
  'error.trailShape':
    'Het auditlogboek {file} kon niet worden gelezen: het bevat geen lijst met gebeurtenissen. Gebruik de JSON van {endpoint}.',
  'error.failed': '{file} kon niet worden gecontroleerd: {message}',

  'status.ok': 'OK',
  'status.fail': 'Mislukt',
  'status.skip': 'Niet gecontroleerd',
  'table.caption': 'Controles',
  'table.check': 'Controle',
  'table.result': 'Resultaat',
  'table.detail': 'Toelichting',
  'table.techNote':
    'De technische toelichting bij elke controle is in het Engels, zoals de controlesoftware die geeft.',

  'check.seal-present': 'Zegel aanwezig',
  'check.seal-digest': 'Ondertekende bytes ongewijzigd',
  'check.seal-signature': 'Handtekening van het zegel',
  'check.nothing-appended': 'Niets toegevoegd na verzegelen',
  'check.certificate-chain': 'Certificaatketen',
  'check.timestamp': 'Betrouwbaar tijdstempel',
  'check.document-timestamp': 'Documenttijdstempel',
  'check.revocation': 'Intrekkingsgegevens (OCSP, CRL)',
  'check.audit-chain': 'Keten van het auditlogboek',

  'explain.seal-present.ok': 'Het bestand heeft een zegel.',
  'explain.seal-present.fail':
    'Het bestand heeft geen zegel: het is nooit verzegeld, of het zegel is verwijderd.',
  'explain.seal-digest.ok': 'De verzegelde inhoud is precies zoals hij was bij het verzegelen.',
  'explain.seal-digest.fail':
    'De verzegelde inhoud is na het verzegelen gewijzigd, of het zegel is niet leesbaar.',
  'explain.seal-signature.ok': 'De handtekening van het zegel is echt voor het certificaat dat erin staat.',
  'explain.seal-signature.fail': 'De handtekening van het zegel klopt niet met het certificaat.',
  'explain.nothing-appended.ok':
    'Na het verzegelen is niets toegevoegd, behalve validatiegegevens en tijdstempels.',
  'explain.nothing-appended.fail': 'Na het verzegelen is er iets aan het bestand toegevoegd of in gewijzigd.',
  'explain.certificate-chain.ok':
    'De certificaten leiden naar een rootcertificaat. Of u dat rootcertificaat vertrouwt, bepaalt u zelf.',
  'explain.certificate-chain.fail': 'De certificaatketen ontbreekt of is onvolledig.',
  'explain.timestamp.ok': 'Een tijdstempeldienst bevestigt wanneer het zegel is aangebracht.',
  'explain.timestamp.fail': 'Het tijdstempel van het zegel is niet geldig.',
  'explain.timestamp.skip': 'Het zegel heeft geen betrouwbaar tijdstempel.',
  'explain.document-timestamp.ok':
    'Een tijdstempeldienst bevestigt later het hele document, inclusief de validatiegegevens.',
  'explain.document-timestamp.fail': 'Het documenttijdstempel is niet geldig.',
  'explain.document-timestamp.skip': 'Er is geen documenttijdstempel na het zegel.',
  'explain.revocation.ok':
    'Volgens de intrekkingsgegevens in het bestand is geen enkel certificaat van het zegel ingetrokken.',
  'explain.revocation.fail':
    'De intrekkingsgegevens zijn niet leesbaar of melden dat een certificaat is ingetrokken.',
  'explain.revocation.skip': 'Het bestand bevat geen intrekkingsgegevens.',
  'explain.audit-chain.ok':
    'Het gekozen auditlogboek is intact en eindigt bij de gebeurtenis die in de PDF is verzegeld.',
  'explain.audit-chain.fail':
    'Het gekozen auditlogboek is gewijzigd, is onvolledig of hoort niet bij deze PDF.',
  'explain.audit-chain.skip':
    'Kies hierboven het auditlogboek van het ondertekenverzoek om het te controleren.',

  'details.heading': 'Gegevens',
  'fact.covered': 'Gedekte bytes',
  'fact.coveredValue':
    '{covered} van {total}: bytes 0 tot en met {end1} en {start2} tot en met {end2} (het gat is de handtekeningwaarde zelf)',
  'fact.sealedBy': 'Verzegeld door',
  'fact.unknown': 'onbekend',
  'fact.sealTime': 'Tijd van het zegel (opgegeven door de ondertekenaar)',
  'fact.notGiven': 'niet opgegeven',
  'fact.timestamp': 'Tijdstempel',
  'fact.stamp': '{time}, door {tsa}',
  'fact.noTimestamp': 'geen: de tijd hierboven is wat de ondertekenaar opgeeft, geen betrouwbare tijd',
  'fact.documentTimestamp': 'Documenttijdstempel',
  'fact.rootCertificate': 'Rootcertificaat',
  'fact.certificate': 'Certificaat',
  'fact.certificateValue': '{subject} (geldig tot {date})',
  'fact.auditHead': 'Laatste schakel van de auditketen, verzegeld in de PDF',
  'fact.none': 'geen',
};
