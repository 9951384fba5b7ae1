import type { VerifyCatalogue } from './en.ts';

export const fr: VerifyCatalogue = {
  title: 'Vérifier un PDF signé',
  lead: 'Vérifie un PDF scellé par Countersign : le sceau, les octets qu’il couvre, ses certificats, son horodatage et si quelque chose a été ajouté après le scellement.',
  'lead.private': 'Le fichier ne quitte jamais ce navigateur',
  'lead.privateHow': ' : il est lu et vérifié sur cette page, rien n’est envoyé ni conservé.',
  'pdf.label': 'PDF signé',
  'trail.label': 'Journal d’audit, facultatif (le JSON de {endpoint})',
  'result.label': 'Résultat de la vérification',
  noscript: 'La vérification d’un PDF nécessite JavaScript. Activez-le et rechargez cette page.',

  busy: 'Vérification de {file}…',
  'verdict.valid': '{file} : valide. Chaque contrôle applicable est satisfait.',
  'verdict.invalid': '{file} : non valide. En échec : {checks}.',
  'error.notPdf': 'Impossible de vérifier {file} : ce n’est pas un PDF (un PDF commence par « %PDF- »).',
  'error.trailNotJson': 'Impossible de lire le journal d’audit {file} : ce n’est pas du JSON.',
  'error.trailShape':
    'Impossible de lire le journal d’audit {file} : il ne contient pas de liste d’événements. Utilisez le JSON de {endpoint}.',
  'error.failed': 'Impossible de vérifier {file} : {message}',

  'status.ok': 'OK',
  'status.fail': 'Échec',
  'status.skip': 'Non vérifié',
  'table.caption': 'Contrôles',
  'table.check': 'Contrôle',
  'table.result': 'Résultat',
  'table.detail': 'Détail',
  'table.techNote':
    'Le détail technique de chaque contrôle est en anglais, tel que le vérificateur le donne.',

  'check.seal-present': 'Sceau présent',
  'check.seal-digest': 'Octets signés inchangés',
  'check.seal-signature': 'Signature du sceau',
  'check.nothing-appended': 'Rien d’ajouté après le scellement',
  'check.certificate-chain': 'Chaîne de certificats',
  'check.timestamp': 'Horodatage de confiance',
  'check.document-timestamp': 'Horodatage du document',
  'check.revocation': 'Données de révocation (OCSP, CRL)',
  'check.audit-chain': 'Chaîne du journal d’audit',

  'explain.seal-present.ok': 'Le fichier porte un sceau.',
  'explain.seal-present.fail':
    'Le fichier ne porte aucun sceau : il n’a jamais été scellé, ou le sceau a été retiré.',
  'explain.seal-digest.ok': 'Le contenu scellé est exactement tel qu’il était au scellement.',
  'explain.seal-digest.fail':
    'Le contenu scellé a été modifié après le scellement, ou le sceau est illisible.',
  'explain.seal-signature.ok': 'La signature du sceau est authentique pour le certificat qu’elle désigne.',
  'explain.seal-signature.fail': 'La signature du sceau ne se vérifie pas avec son certificat.',
  'explain.nothing-appended.ok':
    'Rien n’a été ajouté après le scellement, hormis des données de validation et des horodatages.',
  'explain.nothing-appended.fail': 'Quelque chose a été ajouté au fichier ou modifié après le scellement.',
  'explain.certificate-chain.ok':
    'Les certificats remontent jusqu’à un certificat racine. C’est à vous de décider si vous faites confiance à cette racine.',
  'explain.certificate-chain.fail': 'La chaîne de certificats est absente ou incomplète.',
  'explain.timestamp.ok': 'Une autorité d’horodatage confirme quand le sceau a été apposé.',
  'explain.timestamp.fail': 'L’horodatage du sceau n’est pas valide.',
  'explain.timestamp.skip': 'Le sceau n’a pas d’horodatage de confiance.',
  'explain.document-timestamp.ok':
    'Une autorité d’horodatage confirme plus tard le document entier, données de validation comprises.',
  'explain.document-timestamp.fail': 'L’horodatage du document n’est pas valide.',
  'explain.document-timestamp.skip': 'Aucun horodatage du document après le sceau.',
  'explain.revocation.ok':
    'Selon les données de révocation du fichier, aucun certificat du sceau n’a été révoqué.',
  'explain.revocation.fail':
    'Les données de révocation sont illisibles ou indiquent qu’un certificat a été révoqué.',
  'explain.revocation.skip': 'Le fichier ne contient pas de données de révocation.',
  'explain.audit-chain.ok':
    'Le journal d’audit choisi est intact et se termine par l’entrée scellée dans le PDF.',
  'explain.audit-chain.fail':
    'Le journal d’audit choisi a été modifié, est incomplet ou n’appartient pas à ce PDF.',
  'explain.audit-chain.skip':
    'Pour le vérifier, choisissez ci-dessus le journal d’audit de la demande de signature.',

  'details.heading': 'Détails',
  'fact.covered': 'Octets couverts',
  'fact.coveredValue':
    '{covered} sur {total} : octets 0 à {end1} et {start2} à {end2} (l’intervalle est la valeur de la signature elle-même)',
  'fact.sealedBy': 'Scellé par',
  'fact.unknown': 'inconnu',
  'fact.sealTime': 'Heure du sceau (déclarée par le signataire)',
  'fact.notGiven': 'non indiquée',
  'fact.timestamp': 'Horodatage',
  'fact.stamp': '{time}, par {tsa}',
  'fact.noTimestamp':
    'aucun : l’heure ci-dessus est une déclaration du signataire, pas une heure de confiance',
  'fact.documentTimestamp': 'Horodatage du document',
  'fact.rootCertificate': 'Certificat racine',
  'fact.certificate': 'Certificat',
  'fact.certificateValue': '{subject} (valide jusqu’au {date})',
  'fact.auditHead': 'Dernier maillon de la chaîne d’audit, scellé dans le PDF',
  'fact.none': 'aucun',
};
