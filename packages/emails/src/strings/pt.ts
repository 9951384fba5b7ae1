import type { EmailCatalogue } from './en.ts';

export const pt: EmailCatalogue = {
  'title.quoted': '“{title}”',
  'header.via': '{sender} via {product}',
  'greeting.named': 'Olá, {name},',
  'greeting.anonymous': 'Olá,',
  sequential: 'Este documento é assinado por ordem, uma pessoa de cada vez.',

  'label.document': 'Documento',
  'label.from': 'De',
  'label.files': 'Arquivos',
  'label.signBy': 'Assinar até',
  'label.signers': 'Signatários',
  'label.position': 'Sua posição na ordem de assinatura',
  'label.downloadUntil': 'Link de download válido até',
  'label.linkFallback': 'O botão não funciona? Copie este link no seu navegador:',
  'label.messageFrom': 'Mensagem de {sender}:',
  'label.declineReason': 'Motivo informado:',
  'label.cancelReason': 'Motivo informado:',

  'footer.sentBy': 'Enviado pelo {product} em nome de {sender}.',
  'footer.unexpected': 'Se você não esperava este e-mail, pode ignorá-lo.',
  'footer.participant': 'Você recebe este e-mail porque participa desta solicitação de assinatura.',
  'footer.copied':
    'Você recebe este e-mail porque o remetente o colocou em cópia nesta solicitação de assinatura.',

  'security.otp': 'Para sua segurança, enviaremos um código de uso único quando você abrir o link.',
  'security.publicLink': 'Qualquer pessoa com este link pode assinar em seu nome: não encaminhe este e-mail.',

  'invite.subject': '{sender} enviou “{title}” para você assinar',
  'invite.preheader': '{sender} pede que você assine “{title}”. O link expira em {expires}.',
  'invite.heading.yourTurn': 'Revise e assine',
  'invite.heading.waiting': 'Sua assinatura foi solicitada',
  'invite.intro': '{sender} enviou {title} para você assinar.',
  'invite.firstInOrder': 'Você assina primeiro; a próxima pessoa será chamada depois da sua assinatura.',
  'invite.notYourTurn.one': 'Você assinará depois de {n} outra pessoa – avisaremos quando for a sua vez.',
  'invite.notYourTurn.other': 'Você assinará depois de {n} outras pessoas – avisaremos quando for a sua vez.',
  'invite.notYourTurn.many': 'Você assinará depois de {n} outras pessoas – avisaremos quando for a sua vez.',
  'invite.button': 'Revisar e assinar',
  'invite.buttonWaiting': 'Abrir o documento',

  'nextSigner.subject': 'Sua vez de assinar “{title}”',
  'nextSigner.preheader': '{previous} assinou. Revise e assine “{title}”.',
  'nextSigner.heading': 'É a sua vez de assinar',
  'nextSigner.status': '{previous} assinou {title}. Agora é a sua vez de revisar e assinar.',

  'upcoming.subject': 'Em breve você será chamado a assinar “{title}”',
  'upcoming.preheader':
    '{sender} adicionou você como signatário {position} de {total}. Nada a fazer por enquanto.',
  'upcoming.heading': 'Sua vez de assinar está chegando',
  'upcoming.intro': '{sender} pediu que você assine {title}.',
  'upcoming.place': 'Você é o signatário {position} de {total}.',
  'upcoming.noLinkYet': 'Nada a fazer por enquanto: enviaremos um link quando for a sua vez.',
  'upcoming.linkWaits':
    'Você já pode abrir o documento; poderá assinar quando as pessoas antes de você tiverem assinado. Avisaremos quando for a sua vez.',
  'upcoming.position': '{position} de {total}',

  'signed.subject': '{signer} assinou “{title}”',
  'signed.heading': '{signer} assinou',
  'signed.intro': '{signer} assinou {title}.',
  'signed.last': 'Essa foi a última assinatura. Você receberá o documento assinado em breve.',
  'signed.remaining.one': 'Falta {n} assinatura para o documento ficar completo.',
  'signed.remaining.other': 'Faltam {n} assinaturas para o documento ficar completo.',
  'signed.remaining.many': 'Faltam {n} assinaturas para o documento ficar completo.',

  'receipt.subject': 'Seu comprovante de assinatura de “{title}”',
  'receipt.preheader': 'Você assinou. Guarde este e-mail: ele identifica exatamente o que você assinou.',
  'receipt.heading': 'Você assinou',
  'receipt.intro': 'Você assinou {title} em {at}.',
  'receipt.hashes':
    'Abaixo estão o SHA-256 de cada documento assinado e do seu evento de assinatura na trilha de auditoria. O certificado do PDF assinado traz os mesmos valores, para que qualquer pessoa possa conferi-los.',
  'receipt.eventLabel': 'Seu evento de assinatura (SHA-256)',

  'completed.subject': 'Concluído: “{title}” foi assinado por todos',
  'completed.preheader.attached': 'Todos assinaram. O PDF assinado está anexado.',
  'completed.preheader.link': 'Todos assinaram. Baixe o PDF assinado.',
  'completed.heading': 'Todos assinaram',
  'completed.intro': 'Todos os signatários assinaram {title}, enviado por {sender}.',
  'completed.attached':
    'O PDF assinado está anexado a este e-mail. Guarde-o; você também pode baixá-lo aqui:',
  'completed.notAttached': 'Baixe o PDF assinado e guarde-o:',
  'completed.attachedOnly': 'O PDF assinado está anexado a este e-mail. Guarde-o.',
  'completed.button': 'Baixar o PDF assinado',

  'ccCopy.subject': 'Cópia: “{title}” de {sender}',
  'ccCopy.preheader': '{sender} colocou você em cópia de “{title}”. Você não precisa assinar nada.',
  'ccCopy.heading': 'Você está em cópia de uma solicitação de assinatura',
  'ccCopy.intro':
    '{sender} enviou {title} a {signers} para assinatura e colocou você em cópia para informação.',
  'ccCopy.nothingToDo':
    'Você não precisa assinar nada. Quando todos tiverem assinado, enviaremos o documento assinado.',

  'declined.subject': '{decliner} recusou-se a assinar “{title}”',
  'declined.preheader': '{decliner} recusou-se a assinar. A solicitação está encerrada.',
  'declined.heading': 'Assinatura recusada',
  'declined.intro': '{decliner} recusou-se a assinar {title}.',
  'declined.closed':
    'A solicitação de assinatura está encerrada e seus links não funcionam mais. Nada mais é necessário.',

  'cancelled.subject': 'Cancelado: “{title}”',
  'cancelled.preheader': '{sender} cancelou esta solicitação de assinatura.',
  'cancelled.heading': 'Solicitação de assinatura cancelada',
  'cancelled.intro': '{sender} cancelou a solicitação de assinatura de {title}.',
  'cancelled.closed': 'O link não funciona mais e nada mais é necessário.',

  'reminder.subject': 'Lembrete: assine “{title}”',
  'reminder.preheader': '{sender} aguarda sua assinatura. {left}',
  'reminder.heading': 'Sua assinatura ainda é necessária',
  'reminder.intro': '{sender} aguarda que você assine {title}.',
  'reminder.lessThanADay': 'A solicitação expira em menos de um dia, em {expires}.',
  'reminder.left.one': 'A solicitação expira em {n} dia, em {expires}.',
  'reminder.left.other': 'A solicitação expira em {n} dias, em {expires}.',
  'reminder.left.many': 'A solicitação expira em {n} dias, em {expires}.',
  'reminder.button': 'Revisar e assinar',

  'otpCode.subject': 'Seu código de verificação para “{title}”',
  'otpCode.preheader.one': 'Use-o em até {n} minuto. Nunca o compartilhe.',
  'otpCode.preheader.other': 'Use-o em até {n} minutos. Nunca o compartilhe.',
  'otpCode.preheader.many': 'Use-o em até {n} minutos. Nunca o compartilhe.',
  'otpCode.heading': 'Seu código de verificação',
  'otpCode.intro': 'Digite este código para abrir {title} de {sender}:',
  'otpCode.validity.one':
    'O código vale uma vez e expira em {n} minuto. Se expirar, peça um novo na página de assinatura.',
  'otpCode.validity.other':
    'O código vale uma vez e expira em {n} minutos. Se expirar, peça um novo na página de assinatura.',
  'otpCode.validity.many':
    'O código vale uma vez e expira em {n} minutos. Se expirar, peça um novo na página de assinatura.',
  'otpCode.warning':
    'Nunca compartilhe este código. Se você não tentou abrir este documento agora, ignore este e-mail: ninguém pode assinar em seu nome sem o código.',
  'label.signedBy': 'Assinado por',
  'label.completedAt': 'Concluído',
  'label.declinedAt': 'Recusado',
  'sent.completed.subject': 'Concluído: “{title}” foi assinado por todos',
  'sent.completed.preheader': 'Todos a quem você enviou “{title}” assinaram. O PDF selado está pronto.',
  'sent.completed.heading': 'Sua solicitação de assinatura foi concluída',
  'sent.completed.intro':
    'Todos assinaram {title}. Os documentos assinados estão selados e prontos para baixar.',
  'sent.declined.subject': '{decliner} recusou “{title}”',
  'sent.declined.preheader': '{decliner} recusou-se a assinar. A solicitação está encerrada.',
  'sent.declined.heading': 'Sua solicitação de assinatura foi recusada',
  'sent.declined.intro': '{decliner} recusou-se a assinar {title}.',
  'sent.declined.closed':
    'A solicitação está encerrada e seus links de assinatura não funcionam mais. Você pode enviá-la novamente.',
  'sent.button': 'Abrir no {product}',
  'footer.sender':
    'Você recebe este e-mail porque enviou esta solicitação de assinatura. Você pode desativar estes e-mails nas suas configurações.',
  'footer.outcomeAddress':
    'Você recebe este e-mail porque este endereço é informado do resultado de cada solicitação de assinatura de {sender}.',
  'memberInvite.subject': '{sender} convidou você para “{title}”',
  'memberInvite.preheader': 'Entre na conta no {product}. O link funciona até {expires}.',
  'memberInvite.heading': 'Você foi convidado',
  'memberInvite.intro': '{sender} convidou você para a conta do {product} {title}.',
  'memberInvite.button': 'Aceitar o convite',
  'memberInvite.validity':
    'O link inicia sua sessão uma vez, até {expires}. Depois disso, entre pela página de login com este endereço de e-mail.',
  'memberInvite.ignore': 'Se você não esperava este convite, pode ignorar este e-mail.',
  'memberInvite.account': 'Conta',
};
