import type { EmailCatalogue } from './en.ts';

export const fr: EmailCatalogue = {
  'title.quoted': '« {title} »',
  'header.via': '{sender} via {product}',
  'greeting.named': 'Bonjour {name},',
  'greeting.anonymous': 'Bonjour,',
  sequential: 'Ce document est signé dans un ordre défini, une personne à la fois.',

  'label.document': 'Document',
  'label.from': 'De',
  'label.files': 'Fichiers',
  'label.signBy': 'À signer avant le',
  'label.signers': 'Signataires',
  'label.position': 'Votre place dans l’ordre de signature',
  'label.downloadUntil': 'Lien de téléchargement valable jusqu’au',
  'label.linkFallback': 'Le bouton ne fonctionne pas ? Copiez ce lien dans votre navigateur :',
  'label.messageFrom': 'Message de {sender} :',
  'label.declineReason': 'Motif indiqué :',
  'label.cancelReason': 'Motif indiqué :',

  'footer.sentBy': 'Envoyé par {product} pour le compte de {sender}.',
  'footer.unexpected': 'Si vous n’attendiez pas cet e-mail, vous pouvez l’ignorer.',
  'footer.participant': 'Vous recevez cet e-mail car vous participez à cette demande de signature.',
  'footer.copied':
    'Vous recevez cet e-mail car l’expéditeur vous a mis en copie de cette demande de signature.',

  'security.otp': 'Pour votre sécurité, nous vous enverrons un code à usage unique à l’ouverture du lien.',
  'security.publicLink':
    'Toute personne disposant de ce lien peut signer en votre nom : merci de ne pas transférer cet e-mail.',

  'invite.subject': '{sender} vous a envoyé « {title} » à signer',
  'invite.preheader': '{sender} vous demande de signer « {title} ». Le lien expire le {expires}.',
  'invite.heading.yourTurn': 'Merci de vérifier et signer',
  'invite.heading.waiting': 'Votre signature est demandée',
  'invite.intro': '{sender} vous a envoyé {title} à signer.',
  'invite.firstInOrder':
    'Vous signez en premier ; la personne suivante sera sollicitée après votre signature.',
  'invite.notYourTurn.one':
    'Vous signerez après {n} autre personne – nous vous écrirons quand ce sera votre tour.',
  'invite.notYourTurn.other':
    'Vous signerez après {n} autres personnes – nous vous écrirons quand ce sera votre tour.',
  'invite.notYourTurn.many':
    'Vous signerez après {n} autres personnes – nous vous écrirons quand ce sera votre tour.',
  'invite.button': 'Vérifier et signer',
  'invite.buttonWaiting': 'Ouvrir le document',

  'nextSigner.subject': 'À vous de signer « {title} »',
  'nextSigner.preheader': '{previous} a signé. Merci de vérifier et signer « {title} ».',
  'nextSigner.heading': 'C’est votre tour de signer',
  'nextSigner.status': '{previous} a signé {title}. C’est maintenant à vous de vérifier et signer.',

  'upcoming.subject': 'Vous serez bientôt invité à signer « {title} »',
  'upcoming.preheader':
    '{sender} vous a ajouté comme signataire {position} sur {total}. Rien à faire pour l’instant.',
  'upcoming.heading': 'Votre tour de signer approche',
  'upcoming.intro': '{sender} vous demande de signer {title}.',
  'upcoming.place': 'Vous êtes le signataire {position} sur {total}.',
  'upcoming.noLinkYet': 'Rien à faire pour l’instant : nous vous enverrons un lien quand ce sera votre tour.',
  'upcoming.linkWaits':
    'Vous pouvez déjà ouvrir le document ; vous pourrez signer une fois que les personnes avant vous auront signé. Nous vous écrirons quand ce sera votre tour.',
  'upcoming.position': '{position} sur {total}',

  'signed.subject': '{signer} a signé « {title} »',
  'signed.heading': '{signer} a signé',
  'signed.intro': '{signer} a signé {title}.',
  'signed.last': 'C’était la dernière signature. Vous recevrez bientôt le document signé.',
  'signed.remaining.one': 'Il manque encore {n} signature pour que le document soit complet.',
  'signed.remaining.other': 'Il manque encore {n} signatures pour que le document soit complet.',
  'signed.remaining.many': 'Il manque encore {n} signatures pour que le document soit complet.',

  'receipt.subject': 'Votre reçu de signature pour « {title} »',
  'receipt.preheader':
    'Vous avez signé. Conservez cet e-mail : il identifie exactement ce que vous avez signé.',
  'receipt.heading': 'Vous avez signé',
  'receipt.intro': 'Vous avez signé {title} le {at}.',
  'receipt.hashes':
    'Vous trouverez ci-dessous le SHA-256 de chaque document signé et de votre signature dans le journal d’audit. Le certificat du PDF signé indique les mêmes valeurs, afin que chacun puisse les comparer.',
  'receipt.eventLabel': 'Votre événement de signature (SHA-256)',

  'completed.subject': 'Terminé : « {title} » est signé par tous',
  'completed.preheader.attached': 'Tout le monde a signé. Le PDF signé est joint.',
  'completed.preheader.link': 'Tout le monde a signé. Téléchargez le PDF signé.',
  'completed.heading': 'Tout le monde a signé',
  'completed.intro': 'Tous les signataires ont signé {title}, envoyé par {sender}.',
  'completed.attached':
    'Le PDF signé est joint à cet e-mail. Conservez-le ; vous pouvez aussi le télécharger ici :',
  'completed.notAttached': 'Téléchargez le PDF signé et conservez-le :',
  'completed.attachedOnly': 'Le PDF signé est joint à cet e-mail. Conservez-le.',
  'completed.button': 'Télécharger le PDF signé',

  'ccCopy.subject': 'Copie : « {title} » de {sender}',
  'ccCopy.preheader': '{sender} vous a mis en copie de « {title} ». Vous n’avez rien à signer.',
  'ccCopy.heading': 'Vous êtes en copie d’une demande de signature',
  'ccCopy.intro':
    '{sender} a envoyé {title} à {signers} pour signature et vous a mis en copie pour information.',
  'ccCopy.nothingToDo':
    'Vous n’avez rien à signer. Quand tout le monde aura signé, nous vous enverrons le document signé.',

  'declined.subject': '{decliner} a refusé de signer « {title} »',
  'declined.preheader': '{decliner} a refusé de signer. La demande est close.',
  'declined.heading': 'Signature refusée',
  'declined.intro': '{decliner} a refusé de signer {title}.',
  'declined.closed':
    'La demande de signature est close et ses liens ne fonctionnent plus. Vous n’avez plus rien à faire.',

  'cancelled.subject': 'Annulé : « {title} »',
  'cancelled.preheader': '{sender} a annulé cette demande de signature.',
  'cancelled.heading': 'Demande de signature annulée',
  'cancelled.intro': '{sender} a annulé la demande de signature de {title}.',
  'cancelled.closed': 'Le lien ne fonctionne plus et vous n’avez plus rien à faire.',

  'reminder.subject': 'Rappel : merci de signer « {title} »',
  'reminder.preheader': '{sender} attend votre signature. {left}',
  'reminder.heading': 'Votre signature est toujours attendue',
  'reminder.intro': '{sender} attend que vous signiez {title}.',
  'reminder.lessThanADay': 'La demande expire dans moins d’un jour, le {expires}.',
  'reminder.left.one': 'La demande expire dans {n} jour, le {expires}.',
  'reminder.left.other': 'La demande expire dans {n} jours, le {expires}.',
  'reminder.left.many': 'La demande expire dans {n} jours, le {expires}.',
  'reminder.button': 'Vérifier et signer',

  'otpCode.subject': 'Votre code de vérification pour « {title} »',
  'otpCode.preheader.one': 'À utiliser dans {n} minute. Ne le partagez jamais.',
  'otpCode.preheader.other': 'À utiliser dans les {n} minutes. Ne le partagez jamais.',
  'otpCode.preheader.many': 'À utiliser dans les {n} minutes. Ne le partagez jamais.',
  'otpCode.heading': 'Votre code de vérification',
  'otpCode.intro': 'Saisissez ce code pour ouvrir {title} de {sender} :',
  'otpCode.validity.one':
    'Le code ne sert qu’une fois et expire dans {n} minute. S’il expire, demandez-en un nouveau sur la page de signature.',
  'otpCode.validity.other':
    'Le code ne sert qu’une fois et expire dans {n} minutes. S’il expire, demandez-en un nouveau sur la page de signature.',
  'otpCode.validity.many':
    'Le code ne sert qu’une fois et expire dans {n} minutes. S’il expire, demandez-en un nouveau sur la page de signature.',
  'otpCode.warning':
    'Ne communiquez jamais ce code. Si vous n’avez pas essayé d’ouvrir ce document, ignorez cet e-mail : personne ne peut signer en votre nom sans le code.',
  'label.signedBy': 'Signé par',
  'label.completedAt': 'Terminé le',
  'label.declinedAt': 'Refusé le',
  'sent.completed.subject': 'Terminé : « {title} » est signé par tous',
  'sent.completed.preheader': 'Tous les destinataires de « {title} » ont signé. Le PDF scellé est prêt.',
  'sent.completed.heading': 'Votre demande de signature est terminée',
  'sent.completed.intro':
    'Tout le monde a signé {title}. Les documents signés sont scellés et prêts à être téléchargés.',
  'sent.declined.subject': '{decliner} a refusé « {title} »',
  'sent.declined.preheader': '{decliner} a refusé de signer. La demande est close.',
  'sent.declined.heading': 'Votre demande de signature a été refusée',
  'sent.declined.intro': '{decliner} a refusé de signer {title}.',
  'sent.declined.closed':
    'La demande est close et ses liens de signature ne fonctionnent plus. Vous pouvez l’envoyer à nouveau.',
  'sent.button': 'Ouvrir dans {product}',
  'footer.sender':
    'Vous recevez cet e-mail car vous avez envoyé cette demande de signature. Vous pouvez désactiver ces e-mails dans vos paramètres.',
  'footer.outcomeAddress':
    'Vous recevez cet e-mail car cette adresse est informée de l’issue de chaque demande de signature de {sender}.',
  'memberInvite.subject': '{sender} vous invite à « {title} »',
  'memberInvite.preheader': 'Rejoignez le compte sur {product}. Le lien est valable jusqu’au {expires}.',
  'memberInvite.heading': 'Vous êtes invité',
  'memberInvite.intro': '{sender} vous a invité à rejoindre le compte {product} {title}.',
  'memberInvite.button': 'Accepter l’invitation',
  'memberInvite.validity':
    'Le lien vous connecte une seule fois, jusqu’au {expires}. Ensuite, connectez-vous depuis la page de connexion avec cette adresse e-mail.',
  'memberInvite.ignore': 'Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail.',
  'memberInvite.account': 'Compte',
};
